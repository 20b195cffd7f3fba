import { chunkRecords, isChunkKey } from "./chunks.ts";
import type { Running } from "./running.ts";
import { heldArrival } from "./session-apply.ts";
import { sessionOfKey } from "./sync-records.ts";

/**
 * A session's record or chunk that arrived with `json`: held as arrivals (the base of the merge
 * noted, messages marked unapplied). A chunk's records arrive one by one; a record it held before
 * and holds no more was removed there, as a message's tombstone says (`tombstoneArrived`). Gives
 * the session when anything changed, so it is assembled again; undefined for no change, a key
 * of no session, or a chunk that does not read.
 */
export function sessionArrival(running: Running, parleyKey: string, json: string) {
  const sessionId = sessionOfKey(parleyKey);
  if (!sessionId) return undefined;
  if (!isChunkKey(parleyKey)) return heldArrival(running, parleyKey, json) ? sessionId : undefined;
  const records = chunkRecords(parleyKey, json);
  if (!records) return undefined;
  const { outbox, unapplied } = running;
  const left = outbox.homes.hold(
    parleyKey,
    records.map(([key]) => key),
  );
  for (const key of left) {
    outbox.drop(sessionId, key);
    unapplied.get(sessionId)?.delete(key);
  }
  let changed = false;
  for (const [key, record] of records) if (heldArrival(running, key, record)) changed = true;
  return changed ? sessionId : undefined;
}
