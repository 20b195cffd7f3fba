import type { Session } from "../../core/session.ts";
import { applyOp } from "../database/idb-ops.ts";
import { request } from "../database/idb-request.ts";
import { key, type SummaryRecord } from "../layout/records.ts";
import type { SessionSource } from "../repository.ts";
import { planSessionWrite, type WriteOp } from "./write-plan.ts";

export interface SlicedWriteOptions {
  /** Content fingerprints by session id, kept in each one's summary record. */
  fingerprints?: ReadonlyMap<string, string> | undefined;
  /** How many sessions of `total` have been stored in the transaction so far. */
  onProgress?: ((written: number, total: number) => void) | undefined;
  /** Main-thread time spent issuing requests before waiting for them. */
  sliceMs: number;
  now: () => number;
}

/**
 * The records of an imported session. Its summary carries the import's content fingerprint;
 * every later write of the session rewrites the summary without one, so a fingerprint found
 * there always describes what is stored.
 */
export function importOps(session: Session, fingerprint: string | undefined): WriteOp[] {
  const ops = planSessionWrite(session, undefined);
  if (fingerprint === undefined) return ops;
  const summaryKey = key.summary(session.id);
  return ops.map((op) =>
    op.type === "put" && op.key === summaryKey
      ? { ...op, value: { ...(op.value as SummaryRecord), fingerprint } satisfies SummaryRecord }
      : op,
  );
}

/** The fingerprints imports stored in these sessions' summary records, in the caller's transaction. */
export async function readFingerprints(
  store: IDBObjectStore,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const raws = await Promise.all(ids.map((id) => request(store.get(key.summary(id)))));
  const found = new Map<string, string>();
  for (const [i, raw] of raws.entries()) {
    const fingerprint =
      typeof raw === "object" && raw !== null ? (raw as SummaryRecord).fingerprint : undefined;
    if (typeof fingerprint === "string") found.set(ids[i] as string, fingerprint);
  }
  return found;
}

/** What an import stored of one session. */
export interface Written {
  id: string;
  revision: number;
}

/**
 * Issues every session's records in the caller's transaction, a slice at a time. Each put
 * serialises its value on the calling thread, so after `sliceMs` of that work (and of decoding
 * the sessions, when `sessions` decodes them as it goes) it waits for the slice's last request
 * to succeed before going on: the page gets the thread back in between, and the transaction
 * stays open because it commits only once no request is pending and none was made in the last
 * success callback. A failed request aborts the whole transaction.
 */
export async function putInSlices(
  store: IDBObjectStore,
  sessions: SessionSource,
  options: SlicedWriteOptions,
): Promise<Written[]> {
  const total = sessions.length;
  const written: Written[] = [];
  let started = options.now();
  let last: IDBRequest | undefined;
  const settle = async (pending: IDBRequest) => {
    last = undefined;
    try {
      await request(pending);
    } catch (error) {
      throw store.transaction.error ?? error;
    }
    options.onProgress?.(written.length, total);
    started = options.now();
  };
  for (const session of sessions) {
    for (const op of importOps(session, options.fingerprints?.get(session.id)))
      last = applyOp(store, op);
    written.push({ id: session.id, revision: session.revision });
    if (last && options.now() - started >= options.sliceMs) await settle(last);
  }
  if (last) await settle(last);
  return written;
}

/**
 * Tells this tab's listeners and the other tabs about each imported session, a few hundred
 * per task: a thousand messages on the channel at once would be a long task of their own.
 */
export async function announce(
  written: readonly Written[],
  publish: (session: Written) => void,
  perTask = 250,
): Promise<void> {
  for (const [i, session] of written.entries()) {
    if (i > 0 && i % perTask === 0) await new Promise((resolve) => setTimeout(resolve, 0));
    publish(session);
  }
}
