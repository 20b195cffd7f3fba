import { chunkJson, type RecordHomes } from "./chunks.ts";

/** The documents a change of records writes (JSON, or undefined for a tombstone), by key. */
export interface DocumentPlan {
  docs: Map<string, string | undefined>;
  /** Records where they now live: called once the documents are written. */
  commit(): void;
}

/**
 * The documents that carry a change of `group`'s records: `held` is the group after the change,
 * `changed` the records whose JSON changed and `gone` those no longer there. A record of its own
 * document is written (or tombstoned) alone; a record in a chunk rewrites its chunk with the
 * records it still holds (a chunk left empty becomes a tombstone). Given `previous` (what the
 * group held before: a whole send, not an update), the message records it did not hold (new
 * here, in the session's order) are packed into new chunks when there are enough of them.
 */
export function planDocuments(
  homes: RecordHomes,
  group: string,
  held: ReadonlyMap<string, string>,
  changed: readonly string[],
  gone: readonly string[],
  previous?: ReadonlyMap<string, string>,
): DocumentPlan {
  const messages = `m:${group}:`;
  const fresh = (key: string) =>
    previous !== undefined && key.startsWith(messages) && !previous.has(key);
  const docs = new Map<string, string | undefined>();
  const dirty = new Set<string>();
  const removed = new Set<string>();
  const toPack: string[] = [];
  for (const key of changed) {
    const chunk = homes.chunkOf(key);
    if (chunk !== undefined) dirty.add(chunk);
    else if (fresh(key)) toPack.push(key);
    else docs.set(key, held.get(key));
  }
  for (const key of gone) {
    const chunk = homes.chunkOf(key);
    if (chunk === undefined) docs.set(key, undefined);
    else {
      dirty.add(chunk);
      removed.add(key);
    }
  }
  const rewritten = new Map<string, string[]>();
  for (const chunk of dirty) {
    const keys = [...homes.membersOf(chunk)].filter(
      (key) => homes.chunkOf(key) === chunk && !removed.has(key) && held.has(key),
    );
    rewritten.set(chunk, keys);
    docs.set(chunk, keys.length > 0 ? chunkJson(entries(held, keys)) : undefined);
  }
  const { chunks, alone } = homes.pack(group, toPack, (key) => held.get(key) ?? "");
  for (const [chunk, keys] of chunks) docs.set(chunk, chunkJson(entries(held, keys)));
  for (const key of alone) docs.set(key, held.get(key));
  return {
    docs,
    commit() {
      for (const key of removed) homes.remove(key);
      for (const [chunk, keys] of rewritten) {
        if (keys.length > 0) homes.hold(chunk, keys);
        else homes.drop(chunk);
      }
      for (const [chunk, keys] of chunks) homes.hold(chunk, keys);
    },
  };
}

/** Every document of `group`'s records as a tombstone: its own documents and its chunks. */
export function tombstonePlan(
  homes: RecordHomes,
  group: string,
  keys: Iterable<string>,
): DocumentPlan {
  const docs = new Map<string, string | undefined>();
  for (const key of keys) docs.set(homes.chunkOf(key) ?? key, undefined);
  return { docs, commit: () => homes.forget(group) };
}

function entries(held: ReadonlyMap<string, string>, keys: readonly string[]) {
  return keys.map((key) => [key, held.get(key) ?? ""] as const);
}
