import type { PouchDatabase } from "../../sync/replication/pouch-types.ts";
import { failureOf } from "./sync-status.ts";

/** Where the outbox remembers how far the server had got when this device last synced. */
const SEEN_ID = "_local/parley-sync-server";

/** The number at the front of an update sequence: CouchDB's `"123-g1AA…"` or PouchDB's 123. */
export function seqNumber(seq: unknown): number | undefined {
  const n = typeof seq === "number" ? seq : Number.parseInt(String(seq), 10);
  return Number.isFinite(n) ? n : undefined;
}

async function seen(
  local: PouchDatabase,
): Promise<{ server: string; seq: number; _rev: string } | undefined> {
  try {
    const doc = await local.get(SEEN_ID);
    const seq = seqNumber(doc.seq);
    return typeof doc.server === "string" && seq !== undefined
      ? { server: doc.server, seq, _rev: doc._rev }
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether the server holds less than it did when this device last synced with it: restored
 * from an older backup, or its database deleted and created again. Syncing then would bring
 * back on the server what it lost, unasked, so the device stops and says so.
 */
export async function rolledBack(
  local: PouchDatabase,
  server: string,
  remoteInfo: unknown,
): Promise<boolean> {
  const last = await seen(local);
  const now = seqNumber((remoteInfo as { update_seq?: unknown } | undefined)?.update_seq);
  return last !== undefined && last.server === server && now !== undefined && now < last.seq;
}

/** Remembers how far the server has got (after a sync that left nothing to send). */
export async function recordSeen(local: PouchDatabase, remote: PouchDatabase, server: string) {
  const seq = seqNumber(((await remote.info()) as { update_seq?: unknown }).update_seq);
  if (seq === undefined) return;
  const last = await seen(local);
  if (last && last.server === server && last.seq >= seq) return;
  await local.put({ _id: SEEN_ID, server, seq, ...(last ? { _rev: last._rev } : {}) });
}

/**
 * `recordSeen` after a Synced, where the server may be out of reach again before its sequence
 * is read: then the live sync says Offline and the next Synced records it (thrown, it stopped
 * sync with "unexpected error"). A failure with a status of its own still stops it.
 */
export async function recordSeenIfReachable(
  local: PouchDatabase,
  remote: PouchDatabase,
  server: string,
): Promise<void> {
  try {
    await recordSeen(local, remote, server);
  } catch (error) {
    if (failureOf(error) !== undefined) throw error;
  }
}
