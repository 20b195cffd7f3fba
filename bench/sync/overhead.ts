import { restore } from "../../src/core/codec/index.ts";
import type { Session } from "../../src/core/session.ts";
import {
  chunkRecord,
  headRecord,
  key,
  summaryRecord,
} from "../../src/persistence/layout/records.ts";
import type { SyncKeys } from "../../src/sync/crypto/index.ts";
import { sealDoc } from "../../src/sync/replication/encrypted-doc.ts";
import type { PouchDatabase } from "../../src/sync/replication/pouch-types.ts";
import { generateSession } from "../data/sessions.ts";
import { PouchDB } from "./devices.ts";

const CHUNK = 16;
const bytes = (text: string) => new TextEncoder().encode(text).length;

/** One append: what the message weighs as JSON and what the server gained for it. */
export interface AppendSample {
  index: number;
  role: string;
  plaintextBytes: number;
  /**
   * What the server keeps for the append once compacted: each new revision's document as it
   * gives it back (`_id`, `_rev`, envelope) and its entry in the revision tree.
   */
  storedBytes: number;
  docs: number;
}

export interface OverheadReport {
  /** Parley's records as they are: the summary, the head and the chunk the message lands in. */
  records: AppendSample[];
  /** One document per message, plus the summary and the head. */
  perMessage: AppendSample[];
  /** One document per message alone: summary and head derived, or sent only when they change. */
  messageOnly: AppendSample[];
}

type Layout = (session: Session, index: number) => [string, string][];

const recordsLayout: Layout = (session, index) => {
  const n = Math.floor(index / CHUNK);
  const chunk = session.messages.slice(n * CHUNK, n * CHUNK + CHUNK);
  return [
    [key.summary(session.id), JSON.stringify(summaryRecord(session))],
    [key.head(session.id), JSON.stringify(headRecord(session))],
    [key.chunk(session.id, n), JSON.stringify(chunkRecord(chunk))],
  ];
};

const perMessageLayout: Layout = (session, index) => [
  [key.summary(session.id), JSON.stringify(summaryRecord(session))],
  [key.head(session.id), JSON.stringify(headRecord(session))],
  [`msg:${session.id}:${index}`, JSON.stringify(chunkRecord([session.messages[index] as never]))],
];

const messageOnlyLayout: Layout = (session, index) => perMessageLayout(session, index).slice(2);

async function writeAll(db: PouchDatabase, keys: SyncKeys, records: [string, string][]) {
  const docs = [];
  for (const [parleyKey, json] of records) {
    const doc = await sealDoc(keys, parleyKey, json);
    const current = await db.get(doc._id).catch(() => undefined);
    docs.push(current ? { ...doc, _rev: current._rev } : doc);
  }
  await db.bulkDocs(docs);
  return docs.map((d) => d._id);
}

/** A revision id in the tree: 32 hex digits as CouchDB's JSON spells them (16 bytes inside). */
const REV_TREE_ENTRY_BYTES = 32;

async function storedBytes(remote: string, ids: string[]): Promise<number> {
  let total = 0;
  for (const id of ids) {
    const doc = await (await fetch(`${remote}/${encodeURIComponent(id)}`)).text();
    total += bytes(doc) + REV_TREE_ENTRY_BYTES;
  }
  return total;
}

async function measureLayout(
  layout: Layout,
  keys: SyncKeys,
  remote: string,
  session: Session,
  from: number,
  name: string,
): Promise<AppendSample[]> {
  const db = new PouchDB(name, { adapter: "memory" });
  const history = (count: number): Session => ({
    ...session,
    messages: session.messages.slice(0, count),
  });
  for (let i = 0; i < from; i++) await writeAll(db, keys, layout(history(i + 1), i));
  await PouchDB.replicate(db, remote);
  const samples: AppendSample[] = [];
  for (let i = from; i < session.messages.length; i++) {
    const ids = await writeAll(db, keys, layout(history(i + 1), i));
    await PouchDB.replicate(db, remote);
    const message = session.messages[i];
    samples.push({
      index: i,
      role: message?.role ?? "?",
      plaintextBytes: bytes(JSON.stringify(chunkRecord(message ? [message] : []).messages[0])),
      storedBytes: await storedBytes(remote, ids),
      docs: ids.length,
    });
  }
  await db.destroy();
  return samples;
}

/** Appends messages 32…63 of a generated conversation, one at a time, replicating each. */
export async function measureOverhead(
  keys: SyncKeys,
  createDatabase: (name: string) => Promise<string>,
  smoke: boolean,
): Promise<OverheadReport> {
  const disk = generateSession({ tag: "sync", count: 1, messages: smoke ? 40 : 64 }, 0);
  const restored = restore(disk);
  if (!restored.ok) throw new Error(`generated session: ${JSON.stringify(restored.error)}`);
  const session = restored.session;
  const from = 32;
  return {
    records: await measureLayout(
      recordsLayout,
      keys,
      await createDatabase("bench-records"),
      session,
      from,
      "bench-records-local",
    ),
    perMessage: await measureLayout(
      perMessageLayout,
      keys,
      await createDatabase("bench-messages"),
      session,
      from,
      "bench-messages-local",
    ),
    messageOnly: await measureLayout(
      messageOnlyLayout,
      keys,
      await createDatabase("bench-message-only"),
      session,
      from,
      "bench-message-only-local",
    ),
  };
}
