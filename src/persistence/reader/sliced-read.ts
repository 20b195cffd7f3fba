import type { Message } from "../../core/message.ts";
import type { Connection } from "../database/idb-connection.ts";
import { readRange, readRawSession } from "../database/idb-ops.ts";
import { request } from "../database/idb-request.ts";
import { type DecodedHead, decodeHead, type KeyBounds, key, range } from "../layout/records.ts";
import {
  type Assembled,
  assembleRestored,
  assembleSession,
  type KnownChunks,
  type RawRecord,
  type RawSession,
  type RestoredChunk,
  restoreChunks,
  sameHead,
} from "./assemble.ts";

/**
 * Chunks read and restored per transaction: about 500 messages, a few milliseconds of the main
 * thread's time, so reading 10,000 messages never makes one long task and the page paints
 * between slices.
 */
export const SLICE_CHUNKS = 32;

/** What the read needs of the connection. */
export type Reader = Pick<Connection, "transact">;

/** Reads at most this many times in slices before falling back to one transaction. */
const SLICED_ATTEMPTS = 2;

interface FirstSlice {
  kind: "sliced";
  headRaw: unknown;
  head: DecodedHead;
  chunks: RawRecord[];
}

/**
 * Every record of a session, restored. A session of more than `sliceChunks` chunks is read a
 * slice per transaction, each slice restored as it arrives; the last slice reads the head again,
 * and when a write changed the session in between (another tab), the read starts over, in the
 * end in one transaction, so what comes back is always one consistent version.
 */
export async function readSession(
  connection: Reader,
  id: string,
  sliceChunks = SLICE_CHUNKS,
  known?: KnownChunks,
): Promise<Assembled> {
  for (let attempt = 0; attempt < SLICED_ATTEMPTS; attempt++) {
    const first = await connection.transact("readonly", (store) =>
      readFirst(store, id, sliceChunks),
    );
    if (first.kind === "whole") return assembleSession(first.raw, known);
    const reused = known && sameHead(known.headRaw, first.headRaw) ? known.chunks : undefined;
    const done = await readRest(connection, id, first, sliceChunks, reused);
    if (done) return done;
  }
  return assembleSession(
    await connection.transact("readonly", (s) => readRawSession(s, id)),
    known,
  );
}

/** The head and the first slice, or the whole session when it is short or its head is damaged. */
async function readFirst(
  store: IDBObjectStore,
  id: string,
  sliceChunks: number,
): Promise<FirstSlice | { kind: "whole"; raw: RawSession }> {
  const headRaw = await request(store.get(key.head(id)));
  const head = headRaw === undefined ? undefined : decodeHead(headRaw);
  if (!head?.ok || chunkCount(head.value) <= sliceChunks)
    return { kind: "whole", raw: await readRawSession(store, id) };
  const chunks = await readRange(store, slice(id, 0, sliceChunks));
  return { kind: "sliced", headRaw, head: head.value, chunks };
}

async function readRest(
  connection: Reader,
  id: string,
  first: FirstSlice,
  sliceChunks: number,
  known: ReadonlyMap<string, Message[]> | undefined,
): Promise<Assembled | undefined> {
  const restored: RestoredChunk[] = restoreChunks(first.chunks, known);
  const lastStart = (Math.ceil(chunkCount(first.head) / sliceChunks) - 1) * sliceChunks;
  for (let from = sliceChunks; from < lastStart; from += sliceChunks) {
    const chunks = await connection.transact("readonly", (store) =>
      readRange(store, slice(id, from, from + sliceChunks)),
    );
    for (const chunk of restoreChunks(chunks, known)) restored.push(chunk);
  }
  const last = await connection.transact("readonly", async (store) => {
    const [headRaw, checkpoint, chunks] = await Promise.all([
      request(store.get(key.head(id))),
      request(store.get(key.checkpoint(id))),
      readRange(store, range.chunksFrom(id, lastStart)),
    ]);
    return { headRaw, checkpoint, chunks };
  });
  if (!sameHead(first.headRaw, last.headRaw)) return undefined;
  for (const chunk of restoreChunks(last.chunks, known)) restored.push(chunk);
  const checkpoint: RawRecord | undefined =
    last.checkpoint === undefined ? undefined : { key: key.checkpoint(id), raw: last.checkpoint };
  return assembleRestored(first.head, restored, checkpoint);
}

function chunkCount(head: DecodedHead): number {
  return Math.ceil(head.messageCount / head.chunkSize);
}

/** Chunks `from` to `to` (excluded) of one session. */
function slice(id: string, from: number, to: number): KeyBounds {
  return { lower: key.chunk(id, from), upper: key.chunk(id, to - 1) };
}
