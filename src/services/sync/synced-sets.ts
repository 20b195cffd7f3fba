import * as z from "zod/mini";

/**
 * A set of small records that sync besides the sessions: the agents (`a`) or the settings that
 * are not secret (`s`). Each name is its own document, so two devices changing different agents
 * or settings both keep their change; for one name the later change wins (`at`, the time it was
 * made on its device), and the other device takes it.
 */
export interface SyncedSet {
  prefix: "a" | "s";
  /** This device's values now: name → the value's JSON. */
  values(): Map<string, string>;
  /** Values a device has without anyone choosing them: they lose to any choice made. */
  defaults?: ReadonlyMap<string, string>;
  subscribe(listener: () => void): () => void;
  /** Makes this device's values these (names missing are removed or reset). */
  apply(values: ReadonlyMap<string, string>): Promise<void>;
}

const stamped = z.object({ value: z.string(), at: z.number() });
type Stamped = z.infer<typeof stamped>;

export const setKey = (set: SyncedSet, name: string) => `${set.prefix}:${encodeURIComponent(name)}`;

/** The set whose key this is, and the name in it. */
export function setOfKey(
  sets: readonly SyncedSet[],
  key: string,
): { set: SyncedSet; name: string } | undefined {
  const set = sets.find((s) => key.startsWith(`${s.prefix}:`));
  if (!set) return undefined;
  try {
    return { set, name: decodeURIComponent(key.slice(set.prefix.length + 1)) };
  } catch {
    return undefined;
  }
}

function read(json: string | undefined): Stamped | undefined {
  if (json === undefined) return undefined;
  try {
    const parsed = stamped.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The set's records as this device would send them: a value the outbox already holds keeps its
 * time, a value changed since is stamped `now`. A name the outbox has never held is stamped 0
 * when `unsentIsOld` (it predates turning sync on, or is compared with what arrives before it
 * was sent), so it loses to any change made while syncing; an unsent default value is stamped
 * -1, so a new device does not overwrite the others' choices with its defaults.
 */
export function localRecords(
  set: SyncedSet,
  held: ReadonlyMap<string, string>,
  unsentIsOld: boolean,
  now: number,
): Map<string, string> {
  const records = new Map<string, string>();
  for (const [name, value] of set.values()) {
    const key = setKey(set, name);
    const json = held.get(key);
    const known = read(json);
    if (known && known.value === value && json !== undefined) records.set(key, json);
    else {
      const old = set.defaults?.get(name) === value ? -1 : 0;
      records.set(key, JSON.stringify({ value, at: !known && unsentIsOld ? old : now }));
    }
  }
  return records;
}

/** Whether the record that arrived beats this device's (later wins; a tie goes to the larger value). */
function arrivedWins(arrived: Stamped, local: Stamped | undefined): boolean {
  if (!local) return true;
  if (arrived.at !== local.at) return arrived.at > local.at;
  return arrived.value > local.value;
}

/**
 * The record that wins among the versions of one name (the set's rule: the later change, on a
 * tie the larger value); unreadable versions lose. Every device picks the same.
 */
export function winningRecord(versions: readonly string[]): string | undefined {
  let best: { json: string; stamped: Stamped } | undefined;
  for (const json of versions) {
    const stamped = read(json);
    if (stamped && (!best || arrivedWins(stamped, best.stamped))) best = { json, stamped };
  }
  return best?.json;
}

/**
 * The values after a record arrived (`json`), or after it was deleted on another device
 * (`json` undefined: the name is removed here too).
 */
export function mergedValues(
  set: SyncedSet,
  local: ReadonlyMap<string, string>,
  key: string,
  json: string | undefined,
): Map<string, string> | undefined {
  const name = setOfKey([set], key)?.name;
  if (name === undefined) return undefined;
  const values = set.values();
  if (json === undefined) {
    values.delete(name);
    return values;
  }
  const arrived = read(json);
  if (!arrived || !arrivedWins(arrived, read(local.get(key)))) return undefined;
  values.set(name, arrived.value);
  return values;
}
