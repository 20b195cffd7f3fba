import type { Outbox } from "./outbox.ts";
import { localRecords, mergedValues, type SyncedSet, setOfKey } from "./synced-sets.ts";

/** The outbox group of a set's records. */
export const setGroup = (set: SyncedSet) => `set:${set.prefix}`;

/** Sends the records of a set that changed (`unsentIsOld` when sync has just started). */
export async function sendSet(outbox: Outbox, set: SyncedSet, unsentIsOld: boolean) {
  const group = setGroup(set);
  await outbox.send(group, localRecords(set, outbox.held(group), unsentIsOld, Date.now()));
}

/** An agent or setting that arrived (`json`) or was deleted elsewhere: the later change wins. */
export async function receiveSet(
  outbox: Outbox,
  sets: readonly SyncedSet[],
  key: string,
  json: string | undefined,
): Promise<void> {
  const found = setOfKey(sets, key);
  if (!found) return;
  const held = outbox.held(setGroup(found.set));
  if (held.get(key) === json) return;
  const local = localRecords(found.set, held, true, Date.now());
  const values = mergedValues(found.set, local, key, json);
  if (json === undefined) held.delete(key);
  else held.set(key, json);
  if (values) await found.set.apply(values);
  await sendSet(outbox, found.set, false);
}
