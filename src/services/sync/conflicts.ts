import type * as z from "zod/mini";
import { restoreHead } from "../../core/codec/index.ts";
import type { Session } from "../../core/session.ts";
import { openDoc, type Sealing } from "../../sync/replication/encrypted-doc.ts";
import type {
  PouchDatabase,
  PouchDoc,
  PouchStoredDoc,
} from "../../sync/replication/pouch-types.ts";
import { type ChunkEntry, chunkJson, chunkRecords, isChunkKey } from "./chunks.ts";
import { revisions } from "./remote-meta.ts";
import type { Running } from "./running.ts";
import type { SyncServicePorts } from "./sync-ports.ts";
import {
  headKey,
  headRecord,
  headRecordJson,
  messageRecord,
  messageRecordJson,
  parseJson,
  sessionOfKey,
} from "./sync-records.ts";
import { type SyncedSet, setOfKey, winningRecord } from "./synced-sets.ts";

/** One leaf of a document's revision tree, opened. */
export interface Leaf {
  rev: string;
  json: string;
  revision: number;
}

/** A document two devices changed while apart: CouchDB's winner first, then the other leaves. */
export interface Conflict {
  parleyKey: string;
  leaves: Leaf[];
  /** The JSON of the revision every leaf descends from, while this database still holds it. */
  base: string | undefined;
}

const revsOf = (doc: PouchStoredDoc): string[] => {
  const history = doc._revisions;
  return history ? history.ids.map((hash, i) => `${history.start - i}-${hash}`) : [doc._rev];
};

/**
 * Resolves the conflict of `doc` (read with `conflicts: true`): its leaves merged, the merged
 * record written over the winner unless it holds it, the losing leaves removed. Gives the
 * record now held; without `json` when every leaf is older than the copy held here (a
 * rollback: a leaf older than that copy is another device's edit made at the same time, not
 * one, while some leaf is not older). Undefined: nothing to do (superseded, or unreadable).
 */
export async function resolveConflict(
  { local, sealer, outbox }: Pick<Running, "local" | "sealer" | "outbox">,
  doc: PouchDoc,
  merge: SyncServicePorts["merge"],
  sets: readonly SyncedSet[],
): Promise<{ parleyKey: string; json?: string } | undefined> {
  if (await superseded(local, doc)) return undefined;
  const conflict = await readConflict(local, sealer, doc as PouchStoredDoc);
  if (!conflict) return undefined;
  const { parleyKey, leaves } = conflict;
  outbox.learn(doc._id, parleyKey);
  if (leaves.every((leaf) => leaf.revision < outbox.revisionOf(doc._id))) return { parleyKey };
  for (const leaf of leaves) outbox.opened(doc._id, leaf.revision);
  const json = resolvedJson(conflict, merge, sets);
  const losers = leaves.slice(1).map((leaf) => leaf.rev);
  await outbox.resolve(parleyKey, json === leaves[0]?.json ? undefined : json, losers);
  return { parleyKey, json };
}

/**
 * Whether the local database has written `doc` over since its change was read (its winning
 * revision is another now): the later change follows in the feed, and is the one to read.
 */
export async function superseded(local: PouchDatabase, doc: PouchDoc): Promise<boolean> {
  const now = (await revisions(local, [doc._id])).get(doc._id);
  return now !== doc._rev;
}

/**
 * Opens every leaf of `doc` (read with `conflicts: true`) and their common ancestor. Undefined
 * when the winner cannot be opened; a losing leaf that cannot be opened (a newer Parley's
 * envelope, say) is left where it is, neither merged nor removed.
 */
export async function readConflict(
  local: PouchDatabase,
  keys: Sealing,
  doc: PouchStoredDoc,
): Promise<Conflict | undefined> {
  const revs = [doc._rev, ...(doc._conflicts ?? [])];
  const docs = await Promise.all(revs.map((rev) => local.get(doc._id, { rev, revs: true })));
  const leaves: Leaf[] = [];
  let parleyKey: string | undefined;
  for (const [i, one] of docs.entries()) {
    const opened = await openDoc(keys, one);
    if (!opened.ok) {
      if (i === 0) return undefined;
      continue;
    }
    parleyKey ??= opened.value.parleyKey;
    const { json, revision } = opened.value;
    leaves.push({ rev: one._rev, json, revision });
  }
  if (!parleyKey) return undefined;
  const [first, ...rest] = docs.map(revsOf);
  const common = first?.find((rev) => rest.every((history) => history.includes(rev)));
  return { parleyKey, leaves, base: common && (await openAt(local, keys, doc._id, common)) };
}

async function openAt(local: PouchDatabase, keys: Sealing, id: string, rev: string) {
  try {
    const doc = await local.get(id, { rev });
    const opened = doc._deleted ? undefined : await openDoc(keys, doc);
    return opened?.ok ? opened.value.json : undefined;
  } catch {
    return undefined; // compacted, or never held here (it arrived only as history)
  }
}

/**
 * The JSON that resolves `conflict`, the same on every device that holds the same leaves:
 * an agent or setting by its set's rule (the later change), a head through Parley's three-way
 * merge against the common ancestor (each field from the side that changed it; changed on
 * both, the later edit's), a message record field by field the same way, CouchDB's winner
 * counting as the later.
 */
export function resolvedJson(
  conflict: Conflict,
  merge: SyncServicePorts["merge"],
  sets: readonly SyncedSet[],
): string {
  const { parleyKey, leaves, base } = conflict;
  const winner = leaves[0]?.json ?? "";
  if (leaves.every((leaf) => leaf.json === winner)) return winner;
  if (setOfKey(sets, parleyKey)) return winningRecord(leaves.map((l) => l.json)) ?? winner;
  const sessionId = sessionOfKey(parleyKey);
  if (sessionId && parleyKey === headKey(sessionId))
    return mergedHead(leaves, base, merge) ?? winner;
  if (isChunkKey(parleyKey)) return mergedChunk(parleyKey, leaves, base) ?? winner;
  return mergedMessage(leaves, base) ?? winner;
}

/**
 * A chunk record by record: each as a message document's conflict is merged (the leaves that
 * hold it, against the ancestor's copy). A record the ancestor held is removed only when a leaf
 * removed it and no leaf changed it; every record a leaf added is kept, so nothing is lost. A
 * merged record keeps the highest revision of its copies, one more when the merge made it anew.
 */
function mergedChunk(chunk: string, leaves: Leaf[], base: string | undefined) {
  const versions: Map<string, ChunkEntry>[] = [];
  for (const leaf of leaves) {
    const records = chunkRecords(chunk, leaf.json, leaf.revision);
    if (!records) return undefined;
    versions.push(new Map(records.map((entry) => [entry[0], entry])));
  }
  const baseRecords = base === undefined ? undefined : chunkRecords(chunk, base);
  const origin = new Map((baseRecords ?? []).map(([key, json]) => [key, json]));
  const keys = new Set(versions.flatMap((records) => [...records.keys()]));
  const merged: ChunkEntry[] = [];
  for (const key of keys) {
    const held = versions.flatMap((records) => {
      const entry = records.get(key);
      return entry === undefined ? [] : [{ rev: "", json: entry[1], revision: entry[2] }];
    });
    const before = origin.get(key);
    const removed = held.length < versions.length && held.every((leaf) => leaf.json === before);
    if (removed && before !== undefined) continue;
    const [first] = held;
    if (!first) continue;
    const same = held.every((leaf) => leaf.json === first.json);
    const json = same ? first.json : (mergedMessage(held, before) ?? first.json);
    const revision = Math.max(...held.map((leaf) => leaf.revision));
    merged.push([key, json, held.some((leaf) => leaf.json === json) ? revision : revision + 1]);
  }
  return chunkJson(merged);
}

interface HeadVersion {
  session: Session;
  last: string | null;
}

function headVersion(json: string): HeadVersion | undefined {
  const parsed = headRecord.safeParse(parseJson(json));
  if (!parsed.success) return undefined;
  const head = restoreHead({ ...parsed.data.head, revision: 0 });
  return head.ok ? { session: { ...head.head, messages: [] }, last: parsed.data.last } : undefined;
}

/** Earlier edits first; on equal times CouchDB's winner (the first leaf) last. */
function mergedHead(leaves: Leaf[], base: string | undefined, merge: SyncServicePorts["merge"]) {
  const versions: HeadVersion[] = [];
  for (const leaf of leaves) {
    const version = headVersion(leaf.json);
    if (!version) return undefined;
    versions.push(version);
  }
  const [winner, ...others] = versions;
  if (!winner) return undefined;
  const ordered = [...others.reverse(), winner].sort(
    (a, b) => Date.parse(a.session.updatedAt) - Date.parse(b.session.updatedAt),
  );
  const origin = base === undefined ? undefined : headVersion(base)?.session;
  let merged = ordered[0] as HeadVersion;
  for (const next of ordered.slice(1))
    merged = { session: merge(origin, next.session, merged.session), last: next.last };
  return headRecordJson(merged.session, merged.last);
}

type MessageRecord = z.infer<typeof messageRecord>;

/** Each of `after` and `message` from the leaf that changed it; changed in several, the winner's. */
function mergedMessage(leaves: Leaf[], base: string | undefined): string | undefined {
  const records: MessageRecord[] = [];
  for (const leaf of leaves) {
    const parsed = messageRecord.safeParse(parseJson(leaf.json));
    if (!parsed.success) return undefined;
    records.push(parsed.data);
  }
  const origin = base === undefined ? undefined : messageRecord.safeParse(parseJson(base));
  const from = origin?.success ? origin.data : undefined;
  const [winner, ...others] = records;
  if (!winner) return undefined;
  const pick = <F extends keyof MessageRecord>(field: F): MessageRecord[F] => {
    const same = (r: MessageRecord) => JSON.stringify(r[field]) === JSON.stringify(from?.[field]);
    if (!from || !same(winner)) return winner[field];
    return (others.find((r) => !same(r)) ?? winner)[field];
  };
  return messageRecordJson(pick("after"), pick("message"));
}
