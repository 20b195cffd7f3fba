import { canContinue, type Message } from "../../core/message.ts";
import type { Session } from "../../core/session.ts";
import { showFolded } from "../../core/tree.ts";
import {
  CHUNK_SIZE,
  type DecodedHead,
  decodeCheckpoint,
  decodeChunk,
  decodeHead,
} from "../layout/records.ts";
import type { DamagedRecord } from "../repository.ts";

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
  /**
   * Keys of records a newer Parley wrote (a format this one does not know). While there are any,
   * nothing of the session may be set aside or written: the caller stops saving instead.
   */
  newer: string[];
  /** The raw checkpoint record folded into `session`, when there was one that restored. */
  checkpoint?: unknown;
}

/** A chunk record as read: its messages, or why it could not be restored (raw value kept). */
export type RestoredChunk =
  | { key: string; messages: Message[] }
  | { key: string; damaged: DamagedRecord; newer?: true };

/**
 * Chunks restored by an earlier read under the same head (`sameHead`): their messages are used
 * again instead of decoding the records once more, so the preview of a long session and the whole
 * session share their newest message objects (the log does not render those rows again when the
 * whole session arrives, and storage sees them as unchanged).
 */
export interface KnownChunks {
  headRaw: unknown;
  chunks: ReadonlyMap<string, Message[]>;
}

/** Every write of a session rewrites its head with a higher revision and a later time. */
export function sameHead(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Restores chunk records; done slice by slice when a long session is read in several steps. */
export function restoreChunks(
  chunks: readonly RawRecord[],
  known?: ReadonlyMap<string, Message[]>,
): RestoredChunk[] {
  return chunks.map((chunk) => {
    const messages = known?.get(chunk.key);
    if (messages) return { key: chunk.key, messages };
    const decoded = decodeChunk(chunk.raw);
    if (decoded.ok) return { key: chunk.key, messages: decoded.value };
    const damaged = { key: chunk.key, problem: decoded.problem, raw: chunk.raw };
    return decoded.newer ? { key: chunk.key, damaged, newer: true } : { key: chunk.key, damaged };
  });
}

/** Builds a session from its raw records, keeping every record that restores. Never throws. */
export function assembleSession(raw: RawSession, known?: KnownChunks): Assembled {
  const none = { session: undefined, committed: [], stored: undefined };
  if (!raw.head) return { ...none, damaged: [], newer: [] };
  const head = decodeHead(raw.head.raw);
  if (!head.ok) {
    if (head.newer) return { ...none, damaged: [], newer: [raw.head.key] };
    const all = [raw.head, ...raw.chunks, ...(raw.checkpoint ? [raw.checkpoint] : [])];
    return {
      ...none,
      damaged: all.map((r) => ({ key: r.key, problem: head.problem, raw: r.raw })),
      newer: [],
    };
  }
  const reused = known && sameHead(known.headRaw, raw.head.raw) ? known.chunks : undefined;
  return assembleRestored(head.value, restoreChunks(raw.chunks, reused), raw.checkpoint);
}

/** The session from its decoded head, its restored chunks in key order, and its checkpoint. */
export function assembleRestored(
  head: DecodedHead,
  chunks: readonly RestoredChunk[],
  checkpoint: RawRecord | undefined,
): Assembled {
  const { messageCount, chunkSize } = head;
  const damaged: DamagedRecord[] = [];
  const newer: string[] = [];
  const messages: Message[] = [];
  let aligned = chunkSize === CHUNK_SIZE;
  const expected = Math.ceil(messageCount / chunkSize);
  chunks.forEach((chunk, n) => {
    if ("damaged" in chunk) {
      if (chunk.newer) newer.push(chunk.key);
      else damaged.push(chunk.damaged);
      aligned = false;
      return;
    }
    const full = n < expected - 1;
    if (chunkIndex(chunk.key) !== n || (full && chunk.messages.length !== chunkSize))
      aligned = false;
    for (const m of chunk.messages) messages.push(m);
  });
  if (chunks.length !== expected || messages.length !== messageCount) aligned = false;
  const stored = aligned ? messages : undefined;
  const session = showFolded({
    ...head.head,
    messages: withCheckpoint(messages, checkpoint, damaged, newer),
  });
  const assembled: Assembled = { session, committed: messages, stored, damaged, newer };
  const folded = checkpoint && ![...damaged.map((d) => d.key), ...newer].includes(checkpoint.key);
  if (checkpoint && folded) assembled.checkpoint = checkpoint.raw;
  return assembled;
}

/** The session as committed, without the checkpoint folded in (its run is still live). */
export function withoutCheckpoint(assembled: Assembled): Assembled {
  if (assembled.checkpoint === undefined || !assembled.session) return assembled;
  const { checkpoint: _, ...rest } = assembled;
  return { ...rest, session: { ...assembled.session, messages: assembled.committed } };
}

function withCheckpoint(
  messages: Message[],
  checkpoint: RawRecord | undefined,
  damaged: DamagedRecord[],
  newer: string[],
): Message[] {
  if (!checkpoint) return messages;
  const decoded = decodeCheckpoint(checkpoint.raw);
  if (!decoded.ok) {
    if (decoded.newer) newer.push(checkpoint.key);
    else damaged.push({ key: checkpoint.key, problem: decoded.problem, raw: checkpoint.raw });
    return messages;
  }
  const partial = decoded.value;
  const at = messages.findIndex((m) => m.id === partial.id);
  if (at < 0) return [...messages, partial];
  const held = messages[at];
  // A continued answer's checkpoint holds it grown; one no longer than the answer is stale.
  const grown =
    held !== undefined && canContinue(held) && partial.content.length > held.content.length;
  if (held?.status !== "interrupted" && !grown) return messages;
  const out = messages.slice();
  out[at] = partial;
  return out;
}

function chunkIndex(chunkKey: string): number {
  return Number(chunkKey.slice(chunkKey.lastIndexOf(":") + 1));
}

/**
 * The newest messages of a session from its last chunks (read with `readRawTail`), for a
 * preview, and the chunks restored, for the whole read that follows: a chunk that does not
 * restore is skipped here and reported by the full `open`.
 */
export function assembleTail(raw: RawSession): {
  session: Session | undefined;
  known: KnownChunks | undefined;
} {
  const none = { session: undefined, known: undefined };
  if (!raw.head) return none;
  const head = decodeHead(raw.head.raw);
  if (!head.ok) return none;
  const messages: Message[] = [];
  const chunks = new Map<string, Message[]>();
  for (const chunk of raw.chunks) {
    const decoded = decodeChunk(chunk.raw);
    if (!decoded.ok) continue;
    chunks.set(chunk.key, decoded.value);
    for (const m of decoded.value) messages.push(m);
  }
  const session = showFolded({
    ...head.value.head,
    messages: withCheckpoint(messages, raw.checkpoint, [], []),
  });
  return { session, known: { headRaw: raw.head.raw, chunks } };
}

/** The first chunk to read so that at least `count` of the newest messages come back. */
export function tailStart(rawHead: unknown, count: number): number {
  const head = decodeHead(rawHead);
  if (!head.ok) return 0;
  const { messageCount, chunkSize } = head.value;
  return Math.max(0, Math.ceil(messageCount / chunkSize) - Math.ceil(count / chunkSize) - 1);
}
