import { chunkRecords, isChunkKey } from "./chunks.ts";
import type { Running } from "./running.ts";
import { heldArrival } from "./session-apply.ts";
import { headKey, sessionOfKey } from "./sync-records.ts";

/**
 * A session's record or chunk that arrived with `json` at record revision `revision`: held as
 * arrivals (the base of the merge noted, messages marked unapplied). A message record another
 * document holds too is held as the newest of its copies (`RecordHomes.arrived`), whichever
 * arrives last. A chunk's records arrive one by one, each with its own revision; a record it held
 * before and holds no more was removed there (`recordLeft`). Gives the session when anything
 * changed, so it is assembled again; undefined for no change, a key of no session, or a chunk
 * that does not read.
 */
export function sessionArrival(
  running: Running,
  parleyKey: string,
  json: string,
  revision: number,
) {
  const sessionId = sessionOfKey(parleyKey);
  if (!sessionId) return undefined;
  if (parleyKey === headKey(sessionId))
    return heldArrival(running, parleyKey, json) ? sessionId : undefined;
  if (!isChunkKey(parleyKey))
    return messageArrival(running, sessionId, parleyKey, parleyKey, revision, json)
      ? sessionId
      : undefined;
  const records = chunkRecords(parleyKey, json, revision);
  if (!records) return undefined;
  const { outbox } = running;
  const left = outbox.homes.hold(
    parleyKey,
    records.map(([key]) => key),
  );
  let changed = false;
  for (const key of left) if (recordLeft(running, sessionId, parleyKey, key)) changed = true;
  for (const [key, record, own] of records)
    if (messageArrival(running, sessionId, parleyKey, key, own, record)) changed = true;
  return changed ? sessionId : undefined;
}

function messageArrival(
  running: Running,
  sessionId: string,
  doc: string,
  key: string,
  revision: number,
  json: string,
): boolean {
  const held = running.outbox.held(sessionId);
  const now = running.outbox.homes.arrived(doc, key, revision, json, held.get(key));
  return now !== undefined && heldArrival(running, key, now);
}

/**
 * Document `doc` no longer holds message record `key`: removed on the device that wrote it
 * when no other document holds it (it leaves what the outbox holds, as a message's tombstone
 * says), else the copy of another document is held. Whether the session changed.
 */
export function recordLeft(
  running: Pick<Running, "outbox" | "unapplied" | "before">,
  sessionId: string,
  doc: string,
  key: string,
): boolean {
  const { outbox, unapplied } = running;
  const now = outbox.homes.left(doc, key, outbox.held(sessionId).get(key));
  if (now === "deleted") {
    outbox.drop(sessionId, key);
    unapplied.get(sessionId)?.delete(key);
    return false;
  }
  return now !== undefined && heldArrival(running, key, now);
}
