import * as z from "zod/mini";
import { parseJson } from "./sync-records.ts";

/**
 * Chunk documents (layout 3, docs/sync.md): the message records of a session that exist when it
 * is first sent go several to a document, `c:<session id>:<first message id>`, instead of one
 * document each. Sealing, IndexedDB, replication and opening all cost per document more than
 * per byte, so a first sync of 100,000 messages writes a few thousand documents, not 100,000.
 * A record stays in its document: a later change of a record in a chunk rewrites that chunk; a
 * record the outbox has not written before goes alone (an append: its own small document). Where
 * each record lives, and a record two documents hold, is `RecordHomes` (`record-homes.ts`).
 */
export const chunkKey = (sessionId: string, firstMessageId: string) =>
  `c:${sessionId}:${firstMessageId}`;

export const isChunkKey = (key: string) => key.startsWith("c:");

/**
 * The most JSON text one chunk holds (its records' JSON, escaped once more inside the chunk's):
 * under the 64 KiB below which a document is compressed synchronously, and far under CouchDB's
 * 8 MB document limit, so sealing or opening one stays a few milliseconds of the main thread.
 */
export const CHUNK_CHARS = 56_000;

// Entries are checked by hand: zod's tuple would join the schemas the initial script carries.
const chunkRecord = z.object({
  records: z.array(z.array(z.union([z.string(), z.number()]))),
});

/** A record in a chunk: its key, its JSON and its record revision. */
export type ChunkEntry = [key: string, json: string, revision: number];

/**
 * A chunk's JSON: its records in the session's order, each with its own record revision (the
 * chunk's sealed revision counts the chunk's writes, this one the record's: it orders copies
 * of one record that two documents hold).
 */
export function chunkJson(records: ReadonlyArray<ChunkEntry>): string {
  return JSON.stringify({ records });
}

/**
 * The records of chunk `chunk` read as untrusted data, or undefined when it is not a chunk of
 * message records of its own session (a chunk may not carry a head or another session's record).
 * A record without a revision (the first chunks were written so) takes `revision`, the chunk's.
 */
export function chunkRecords(chunk: string, json: string, revision = 0): ChunkEntry[] | undefined {
  const parsed = chunkRecord.safeParse(parseJson(json));
  const session = /^c:([^:]+):/.exec(chunk)?.[1];
  if (!parsed.success || !session) return undefined;
  const prefix = `m:${session}:`;
  const records: ChunkEntry[] = [];
  for (const [key, json, own = revision, ...rest] of parsed.data.records) {
    if (typeof key !== "string" || typeof json !== "string" || rest.length > 0) return undefined;
    if (typeof own !== "number" || !Number.isSafeInteger(own) || own < 0) return undefined;
    if (!key.startsWith(prefix)) return undefined;
    records.push([key, json, own]);
  }
  return records;
}
