import { recordLeft } from "./chunk-arrival.ts";
import { isChunkKey } from "./chunks.ts";
import { revisions } from "./remote-meta.ts";
import type { Running } from "./running.ts";
import { receiveSet } from "./set-transfer.ts";
import { headKey, sessionOfKey } from "./sync-records.ts";
import { type SyncedSet, setOfKey } from "./synced-sets.ts";

/**
 * A tombstone the local database took for document `id`: the record (or each record of a chunk)
 * leaves what the outbox holds (an agent or setting is removed here too), unless another
 * document holds it too (then that copy is held: `changed`). `trashed`: the session whose head
 * it was: deleted on another device, it goes into the trash with its Undo, as a delete made here.
 * A document written again since (an Undo here re-sent it over the pulled tombstone) is not
 * deleted.
 */
export async function tombstoneArrived(
  running: Pick<Running, "local" | "outbox" | "unapplied" | "before">,
  sets: readonly SyncedSet[],
  id: string,
): Promise<{ trashed?: string; changed?: string }> {
  const { local, outbox, unapplied, before } = running;
  if ((await revisions(local, [id])).has(id)) return {};
  outbox.opened(id, undefined);
  const key = outbox.keyOf(id);
  if (key && setOfKey(sets, key)) {
    await receiveSet(outbox, sets, key, undefined);
    return {};
  }
  const sessionId = key && sessionOfKey(key);
  if (!key || !sessionId || !outbox.has(sessionId)) return {};
  if (key === headKey(sessionId)) {
    outbox.forget(sessionId);
    unapplied.delete(sessionId);
    before.delete(sessionId);
    return { trashed: sessionId };
  }
  // A chunk's records go with it; a record another document holds too outlives this one.
  const keys = isChunkKey(key) ? outbox.homes.drop(key) : [key];
  let changed = false;
  for (const one of keys) if (recordLeft(running, sessionId, key, one)) changed = true;
  return changed ? { changed: sessionId } : {};
}
