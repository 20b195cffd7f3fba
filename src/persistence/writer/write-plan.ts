import type { Message } from "../../core/message.ts";
import type { Session } from "../../core/session.ts";
import {
  CHUNK_SIZE,
  chunkRecord,
  headRecord,
  type KeyBounds,
  key,
  range,
  summaryRecord,
} from "../layout/records.ts";
import { type Touched, touchedChunks } from "./session-change.ts";

export type WriteOp =
  | { type: "put"; key: string; value: unknown }
  | { type: "delete"; key: string }
  | { type: "deleteRange"; bounds: KeyBounds };

/**
 * The records to write so that the stored session becomes `next`. `stored` is the message list
 * known to be on disk (undefined when unknown: every chunk is written). With `touched` (what the
 * saves made from `stored` changed), the chunks it touched are written. Without it (`next` is a
 * merge this repository made of the stored messages and a save's), a chunk is written when its
 * messages are not the very objects stored: the merge keeps the stored objects it does not change.
 */
export function planSessionWrite(
  next: Session,
  stored: readonly Message[] | undefined,
  touched?: Touched,
): WriteOp[] {
  const ops: WriteOp[] = [
    { type: "put", key: key.summary(next.id), value: summaryRecord(next) },
    { type: "put", key: key.head(next.id), value: headRecord(next) },
  ];
  const chunks = Math.ceil(next.messages.length / CHUNK_SIZE);
  const changed =
    stored && touched
      ? touchedChunks(touched, next.messages, stored.length, CHUNK_SIZE)
      : (n: number) => !stored || chunkChanged(stored, next.messages, n);
  for (let n = 0; n < chunks; n++) {
    if (!changed(n)) continue;
    const start = n * CHUNK_SIZE;
    ops.push({
      type: "put",
      key: key.chunk(next.id, n),
      value: chunkRecord(next.messages.slice(start, start + CHUNK_SIZE)),
    });
  }
  if (!stored || Math.ceil(stored.length / CHUNK_SIZE) > chunks)
    ops.push({ type: "deleteRange", bounds: range.chunksFrom(next.id, chunks) });
  return ops;
}

/** Every record of a session, checkpoint included. Records set aside are kept. */
export function planSessionRemoval(id: string): WriteOp[] {
  return [
    { type: "delete", key: key.summary(id) },
    { type: "delete", key: key.head(id) },
    { type: "delete", key: key.checkpoint(id) },
    { type: "deleteRange", bounds: range.chunksFrom(id, 0) },
  ];
}

function chunkChanged(before: readonly Message[], after: readonly Message[], n: number): boolean {
  const start = n * CHUNK_SIZE;
  for (let i = start; i < start + CHUNK_SIZE; i++) if (before[i] !== after[i]) return true;
  return false;
}
