import * as z from "zod/mini";
import { readStoredProblem } from "../layout/record-problem.ts";
import { type AsideRecord, type KeyBounds, key, range } from "../layout/records.ts";
import type { RawRecord, RawSession } from "../reader/assemble.ts";
import type { DamagedRecord } from "../repository.ts";
import type { WriteOp } from "../writer/write-plan.ts";
import { request } from "./idb-request.ts";

export const keyRange = (b: KeyBounds) => IDBKeyRange.bound(b.lower, b.upper);

/** Every record of one session, read in the caller's transaction. */
export async function readRawSession(store: IDBObjectStore, id: string): Promise<RawSession> {
  const chunks = keyRange(range.chunksFrom(id, 0));
  const [head, chunkKeys, chunkValues, checkpoint] = await Promise.all([
    request(store.get(key.head(id))),
    request(store.getAllKeys(chunks)),
    request(store.getAll(chunks)),
    request(store.get(key.checkpoint(id))),
  ]);
  return {
    head: head === undefined ? undefined : { key: key.head(id), raw: head },
    chunks: chunkKeys.map((k, i) => ({ key: String(k), raw: chunkValues[i] })),
    checkpoint: checkpoint === undefined ? undefined : { key: key.checkpoint(id), raw: checkpoint },
  };
}

/** The head, checkpoint and the chunks from chunk `first` on of one session. */
export async function readRawTail(
  store: IDBObjectStore,
  id: string,
  first: (head: unknown) => number,
): Promise<RawSession> {
  const [head, checkpoint] = await Promise.all([
    request(store.get(key.head(id))),
    request(store.get(key.checkpoint(id))),
  ]);
  const chunks = keyRange(range.chunksFrom(id, head === undefined ? 0 : first(head)));
  const [chunkKeys, chunkValues] =
    head === undefined
      ? [[], []]
      : await Promise.all([request(store.getAllKeys(chunks)), request(store.getAll(chunks))]);
  return {
    head: head === undefined ? undefined : { key: key.head(id), raw: head },
    chunks: chunkKeys.map((k, i) => ({ key: String(k), raw: chunkValues[i] })),
    checkpoint: checkpoint === undefined ? undefined : { key: key.checkpoint(id), raw: checkpoint },
  };
}

/** `IDBObjectStore.getAllRecords` (Chromium 141 and later): keys and values in one request. */
interface WithAllRecords {
  getAllRecords(options: {
    query: IDBKeyRange;
  }): IDBRequest<{ primaryKey: IDBValidKey; value: unknown }[]>;
}

/**
 * The records within `bounds`, in key order, in one walk of the range where the browser has
 * `getAllRecords` (else `readRange`'s two). For the list of sessions, whose small records it was
 * measured on (docs/performance.md); a conversation's chunks are still read with `readRange`.
 */
export async function readRecords(store: IDBObjectStore, bounds: KeyBounds): Promise<RawRecord[]> {
  const records = (store as Partial<WithAllRecords>).getAllRecords;
  if (typeof records !== "function") return readRange(store, bounds);
  const found = await request(records.call(store, { query: keyRange(bounds) }));
  return found.map((record) => ({ key: String(record.primaryKey), raw: record.value }));
}

export async function readRange(store: IDBObjectStore, bounds: KeyBounds): Promise<RawRecord[]> {
  const r = keyRange(bounds);
  const [keys, values] = await Promise.all([
    request(store.getAllKeys(r)),
    request(store.getAll(r)),
  ]);
  return keys.map((k, i) => ({ key: String(k), raw: values[i] }));
}

/** Queues one operation on the store and gives its request. */
export function applyOp(store: IDBObjectStore, op: WriteOp): IDBRequest {
  if (op.type === "put") return store.put(op.value, op.key);
  if (op.type === "delete") return store.delete(op.key);
  return store.delete(keyRange(op.bounds));
}

/** Queues the operations on the store; the transaction commits them all or none. */
export function applyOps(store: IDBObjectStore, ops: readonly WriteOp[]): void {
  for (const op of ops) applyOp(store, op);
}

/** Moves damaged records under `x:` keys, raw value and problem kept, so the rest loads. */
export function setAsideOps(records: readonly DamagedRecord[], at: string): WriteOp[] {
  return records.flatMap((r): WriteOp[] => {
    const value: AsideRecord = {
      key: r.key,
      reason: r.problem.code,
      problem: r.problem,
      raw: r.raw,
      set_aside_at: at,
    };
    return [
      { type: "put", key: key.aside(r.key), value },
      { type: "delete", key: r.key },
    ];
  });
}

/** A record set aside, as any version of Parley stored it; anything else is listed under its own key. */
export function asDamaged(raw: unknown, fallbackKey: string): DamagedRecord {
  const aside = asideRecord.safeParse(raw);
  if (!aside.success) return { key: fallbackKey, problem: { code: "set-aside" }, raw };
  const { key, problem, reason } = aside.data;
  return { key, problem: readStoredProblem(problem, reason), raw: aside.data.raw };
}

const asideRecord = z.looseObject({
  key: z.string(),
  reason: z.optional(z.string()),
  problem: z.optional(z.unknown()),
  raw: z.optional(z.unknown()),
});
