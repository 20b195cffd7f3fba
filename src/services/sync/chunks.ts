import * as z from "zod/mini";
import { parseJson } from "./sync-records.ts";

/**
 * Chunk documents (layout 3, docs/sync.md): the message records of a session that exist when it
 * is first sent go several to a document, `c:<session id>:<first message id>`, instead of one
 * document each. Sealing, IndexedDB, replication and opening all cost per document more than
 * per byte, so a first sync of 100,000 messages writes a few thousand documents, not 100,000.
 * A record never leaves its document: a later change of a record in a chunk rewrites that chunk;
 * a record the outbox has not written before goes alone (an append: its own small document).
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

/** Fewer new records than this are not worth a chunk: each goes alone. */
const CHUNK_FROM = 2;

// Pairs are checked by hand: zod's tuple would join the schemas the initial script carries.
const chunkRecord = z.object({ records: z.array(z.array(z.string())) });

/** A chunk's JSON: its records (key and JSON) in the session's order. */
export function chunkJson(records: ReadonlyArray<readonly [string, string]>): string {
  return JSON.stringify({ records });
}

/**
 * The records of chunk `chunk` read as untrusted data, or undefined when it is not a chunk of
 * message records of its own session (a chunk may not carry a head or another session's record).
 */
export function chunkRecords(chunk: string, json: string): Array<[string, string]> | undefined {
  const parsed = chunkRecord.safeParse(parseJson(json));
  const session = /^c:([^:]+):/.exec(chunk)?.[1];
  if (!parsed.success || !session) return undefined;
  const prefix = `m:${session}:`;
  const records: Array<[string, string]> = [];
  for (const [key, json, ...rest] of parsed.data.records) {
    if (key === undefined || json === undefined || rest.length > 0) return undefined;
    if (!key.startsWith(prefix)) return undefined;
    records.push([key, json]);
  }
  return records;
}

/**
 * Where each record lives: in a chunk (its key here) or in a document of its own (not here),
 * and which records each chunk holds, as this device last wrote or opened it.
 */
export class RecordHomes {
  private readonly homes = new Map<string, string>();
  private readonly members = new Map<string, Set<string>>();

  chunkOf(key: string): string | undefined {
    return this.homes.get(key);
  }

  membersOf(chunk: string): ReadonlySet<string> {
    return this.members.get(chunk) ?? new Set();
  }

  /**
   * `chunk` holds `keys` now (written or opened). Gives the records that were in it and are no
   * more (removed from it on another device), whose home it still was: deleted there.
   */
  hold(chunk: string, keys: readonly string[]): string[] {
    const now = new Set(keys);
    const left = [...this.membersOf(chunk)].filter(
      (key) => !now.has(key) && this.homes.get(key) === chunk,
    );
    for (const key of left) this.homes.delete(key);
    for (const key of keys) {
      const previous = this.homes.get(key);
      if (previous !== undefined && previous !== chunk) this.members.get(previous)?.delete(key);
      this.homes.set(key, chunk);
    }
    this.members.set(chunk, now);
    return left;
  }

  /** A record left its chunk (deleted): the chunk no longer holds it. */
  remove(key: string): void {
    const chunk = this.homes.get(key);
    if (chunk === undefined) return;
    this.homes.delete(key);
    this.members.get(chunk)?.delete(key);
  }

  /** The chunk is gone (a tombstone): gives the records that lived in it. */
  drop(chunk: string): string[] {
    const keys = [...this.membersOf(chunk)].filter((key) => this.homes.get(key) === chunk);
    for (const key of keys) this.homes.delete(key);
    this.members.delete(chunk);
    return keys;
  }

  /** Forgets every chunk of a session (its group was forgotten or tombstoned). */
  forget(sessionId: string): void {
    for (const chunk of [...this.members.keys()])
      if (chunk.startsWith(`c:${sessionId}:`)) this.drop(chunk);
  }

  /**
   * Packs `fresh` (message records of `sessionId` never written before, in the session's order)
   * into new chunks of at most `CHUNK_CHARS`; gives each chunk's key and records, and the records
   * that go alone (a run too short for a chunk, or whose chunk key is taken). Nothing is held
   * until the chunks are written (`hold`).
   */
  pack(
    sessionId: string,
    fresh: readonly string[],
    jsonOf: (key: string) => string,
  ): { chunks: Map<string, string[]>; alone: string[] } {
    const runs: string[][] = [];
    let run: string[] = [];
    let size = 0;
    for (const key of fresh) {
      // Each record's JSON is escaped once more inside the chunk: about a tenth more.
      const chars = Math.ceil(jsonOf(key).length * 1.1) + key.length + 8;
      if (run.length > 0 && size + chars > CHUNK_CHARS) {
        runs.push(run);
        run = [];
        size = 0;
      }
      run.push(key);
      size += chars;
    }
    runs.push(run);
    const chunks = new Map<string, string[]>();
    const alone: string[] = [];
    const prefix = `m:${sessionId}:`;
    for (const keys of runs) {
      const first = keys[0];
      const chunk = first?.startsWith(prefix)
        ? chunkKey(sessionId, first.slice(prefix.length))
        : undefined;
      if (keys.length < CHUNK_FROM || !chunk || this.members.has(chunk) || chunks.has(chunk))
        alone.push(...keys);
      else chunks.set(chunk, keys);
    }
    return { chunks, alone };
  }
}
