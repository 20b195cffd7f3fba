import { describe, expect, it, vi } from "vitest";
import type { Session } from "../../core/session.ts";
import { opaqueId, type SyncKeys } from "../../sync/crypto/index.ts";
import { openDoc, sealDoc } from "../../sync/replication/encrypted-doc.ts";
import { memoryPouch } from "../../sync/replication/memory-pouch.ts";
import { session } from "../../test/persistence-builders.ts";
import { syncSettings as settings, synced } from "../../test/sync-devices.ts";
import { postDocs, syncedKeys, syncTestbed } from "../../test/sync-testbed.ts";
import { type ChunkEntry, chunkJson, chunkKey, chunkRecords } from "./chunks.ts";
import { headKey, messageKey, sessionRecords } from "./sync-records.ts";

const PouchDB = memoryPouch();
const { device, database: newDatabase } = syncTestbed(PouchDB, "copies");

type Device = Awaited<ReturnType<typeof device>>;

/** A database with its metadata (written by a device that then goes), and its keys. */
async function database(): Promise<{ url: string; keys: SyncKeys }> {
  const url = await newDatabase();
  const first = await device();
  await first.sync.start(settings(url));
  await synced(first.sync);
  first.sync.dispose();
  return { url, keys: await syncedKeys(url) };
}

/** A message record of `of` with the content of its message replaced. */
function withContent(records: Map<string, string>, key: string, content: string): string {
  const parsed = JSON.parse(records.get(key) as string);
  return JSON.stringify({ ...parsed, message: { ...parsed.message, content } });
}

async function contentOn(side: Device, sessionId: string, messageId: string) {
  const found = await side.repository.read(sessionId);
  return found?.messages.find((m) => m.id === messageId)?.content;
}

/** Waits for `side` to hold `content` as m2 of `shared`, with every message in order. */
async function holds(side: Device, shared: Session, content: string) {
  await vi.waitFor(
    async () => {
      expect(await contentOn(side, shared.id, "m2")).toBe(content);
      expect((await side.repository.read(shared.id))?.messages.map((m) => m.id)).toEqual(
        shared.messages.map((m) => m.id),
      );
    },
    { timeout: 10_000 },
  );
}

/** The records a chunk on the server holds, or undefined when it is gone. */
async function serverChunk(url: string, keys: SyncKeys, key: string) {
  const response = await fetch(`${url}/${await opaqueId(keys, key)}`);
  if (!response.ok) return undefined;
  const opened = await openDoc(keys, await response.json());
  if (!opened.ok) throw new Error(opened.error.code);
  return chunkRecords(key, opened.value.json, opened.value.revision);
}

/**
 * Session 31's head and a chunk of its four messages, with m2 at `copies.chunk` (record revision,
 * content) in it and also alone in its own document at `copies.own`: the server then holds m2 in
 * two documents, as after two devices packed one conversation differently. `readers` turn sync on
 * and take the first of the two documents (in `order`) before the second is on the server, so
 * they read them in that order.
 */
async function twoCopies(
  url: string,
  keys: SyncKeys,
  order: "chunk first" | "own first",
  copies: { chunk: [number, string]; own: [number, string] },
  readers: Device[],
) {
  const shared: Session = session(31, 4);
  const records = sessionRecords(shared);
  const m2 = messageKey(shared.id, "m2");
  const entries = [0, 1, 2, 3].map((n): ChunkEntry => {
    const key = messageKey(shared.id, `m${n}`);
    if (n === 2) return [key, withContent(records, key, copies.chunk[1]), copies.chunk[0]];
    return [key, records.get(key) as string, 1];
  });
  const head = await sealDoc(keys, headKey(shared.id), records.get(headKey(shared.id)) as string);
  const chunk = await sealDoc(keys, chunkKey(shared.id, "m0"), chunkJson(entries), undefined, 1);
  const own = await sealDoc(
    keys,
    m2,
    withContent(records, m2, copies.own[1]),
    undefined,
    copies.own[0],
  );
  const [first, second] = order === "chunk first" ? [chunk, own] : [own, chunk];
  await postDocs(url, [head, first]);
  for (const side of readers) {
    await side.sync.start(settings(url));
    const local = new PouchDB(side.localName, { adapter: "memory" });
    await vi.waitFor(async () => expect((await local.get(first._id))._id).toBe(first._id), {
      timeout: 10_000,
    });
  }
  await postDocs(url, [second]);
  return shared;
}

describe("one message record in two documents", () => {
  for (const order of ["chunk first", "own first"] as const)
    it(`holds the copy of the higher record revision on a new device (${order})`, async () => {
      const { url, keys } = await database();
      const b = await device();
      const shared = await twoCopies(
        url,
        keys,
        order,
        { chunk: [1, "older, in the chunk"], own: [2, "newer, alone"] },
        [b],
      );
      await holds(b, shared, "newer, alone");
    });

  it("holds the same copy on every device when two of one revision differ, whatever the order", async () => {
    for (const order of ["chunk first", "own first"] as const) {
      const { url, keys } = await database();
      const b = await device();
      const shared = await twoCopies(
        url,
        keys,
        order,
        { chunk: [2, "edited in the chunk"], own: [2, "edited alone"] },
        [b],
      );
      // The larger JSON wins ("edited i…" > "edited a…"), whichever document is read last.
      await holds(b, shared, "edited in the chunk");
    }
  });

  it("leaves one copy once the record is written again, and every device reads it", async () => {
    const { url, keys } = await database();
    const [b, d] = [await device(), await device()];
    const shared = await twoCopies(
      url,
      keys,
      "own first",
      { chunk: [1, "older, in the chunk"], own: [2, "newer, alone"] },
      [b, d],
    );
    for (const side of [b, d]) {
      await holds(side, shared, "newer, alone");
      await synced(side.sync);
    }
    const onB = (await b.repository.read(shared.id)) as Session;
    const messages = onB.messages.map((m) => (m.id === "m2" ? { ...m, content: "third" } : m));
    await b.repository.save({ ...onB, messages, revision: onB.revision + 1 }, { kind: "whole" });
    await b.sync.settled();
    await synced(b.sync);

    // Written where it lived (its own document, the newer copy), and gone from the chunk.
    await vi.waitFor(
      async () => {
        const chunk = await serverChunk(url, keys, chunkKey(shared.id, "m0"));
        expect(chunk?.map(([key]) => key)).toEqual(
          ["m0", "m1", "m3"].map((id) => messageKey(shared.id, id)),
        );
      },
      { timeout: 10_000 },
    );
    // A device that held both copies takes the chunk without m2 for no delete; a new one reads it.
    const c = await device();
    await c.sync.start(settings(url));
    for (const side of [c, d]) await holds(side, shared, "third");
  });
});
