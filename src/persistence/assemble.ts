import type { Message } from "../core/message.ts";
import type { Session } from "../core/session.ts";
import { CHUNK_SIZE, decodeCheckpoint, decodeChunk, decodeHead } from "./records.ts";
import type { DamagedRecord } from "./repository.ts";

export interface RawRecord {
  key: string;
  raw: unknown;
}

/** A session's records as read in one transaction. */
export interface RawSession {
  head: RawRecord | undefined;
  chunks: RawRecord[];
  checkpoint: RawRecord | undefined;
}

export interface Assembled {
  /** Undefined when the session does not exist or its head is damaged. */
  session: Session | undefined;
  /** The messages read from the chunks that restored, without any checkpoint. */
  committed: Message[];
  /**
   * The messages as they sit on disk, chunk by chunk; undefined when the chunks do not line up
   * (one was damaged, missing, or of another size), so the next save rewrites them all.
   */
  stored: Message[] | undefined;
  /** Records to set aside. */
  damaged: DamagedRecord[];
}

/** Builds a session from its raw records, keeping every record that restores. Never throws. */
export function assembleSession(raw: RawSession): Assembled {
  if (!raw.head) return { session: undefined, committed: [], stored: undefined, damaged: [] };
  const head = decodeHead(raw.head.raw);
  if (!head.ok) {
    const all = [raw.head, ...raw.chunks, ...(raw.checkpoint ? [raw.checkpoint] : [])];
    return {
      session: undefined,
      committed: [],
      stored: undefined,
      damaged: all.map((r) => ({ key: r.key, reason: head.reason, raw: r.raw })),
    };
  }
  const { messageCount, chunkSize } = head.value;
  const damaged: DamagedRecord[] = [];
  const messages: Message[] = [];
  let aligned = chunkSize === CHUNK_SIZE;
  const expected = Math.ceil(messageCount / chunkSize);
  raw.chunks.forEach((chunk, n) => {
    const decoded = decodeChunk(chunk.raw);
    if (!decoded.ok) {
      damaged.push({ key: chunk.key, reason: decoded.reason, raw: chunk.raw });
      aligned = false;
      return;
    }
    const full = n < expected - 1;
    if (chunkIndex(chunk.key) !== n || (full && decoded.value.length !== chunkSize))
      aligned = false;
    messages.push(...decoded.value);
  });
  if (raw.chunks.length !== expected || messages.length !== messageCount) aligned = false;
  const stored = aligned ? messages : undefined;
  const session: Session = { ...head.value.head, messages: withCheckpoint(messages, raw, damaged) };
  return { session, committed: messages, stored, damaged };
}

function withCheckpoint(messages: Message[], raw: RawSession, damaged: DamagedRecord[]): Message[] {
  if (!raw.checkpoint) return messages;
  const decoded = decodeCheckpoint(raw.checkpoint.raw);
  if (!decoded.ok) {
    damaged.push({ key: raw.checkpoint.key, reason: decoded.reason, raw: raw.checkpoint.raw });
    return messages;
  }
  const partial = decoded.value;
  const at = messages.findIndex((m) => m.id === partial.id);
  if (at < 0) return [...messages, partial];
  if (messages[at]?.status !== "interrupted") return messages;
  const out = messages.slice();
  out[at] = partial;
  return out;
}

function chunkIndex(chunkKey: string): number {
  return Number(chunkKey.slice(chunkKey.lastIndexOf(":") + 1));
}

/**
 * The newest messages of a session from its last chunks (read with `readRawTail`), for a
 * preview: a chunk that does not restore is skipped here and reported by the full `open`.
 */
export function assembleTail(raw: RawSession): Session | undefined {
  if (!raw.head) return undefined;
  const head = decodeHead(raw.head.raw);
  if (!head.ok) return undefined;
  const messages: Message[] = [];
  for (const chunk of raw.chunks) {
    const decoded = decodeChunk(chunk.raw);
    if (decoded.ok) messages.push(...decoded.value);
  }
  return { ...head.value.head, messages: withCheckpoint(messages, raw, []) };
}

/** The first chunk to read so that at least `count` of the newest messages come back. */
export function tailStart(rawHead: unknown, count: number): number {
  const head = decodeHead(rawHead);
  if (!head.ok) return 0;
  const { messageCount, chunkSize } = head.value;
  return Math.max(0, Math.ceil(messageCount / chunkSize) - Math.ceil(count / chunkSize) - 1);
}
