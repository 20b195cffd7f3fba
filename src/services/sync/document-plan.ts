import { chunkJson } from "./chunks.ts";
import type { RecordHomes } from "./record-homes.ts";

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
 * records it still holds (a chunk left empty becomes a tombstone). A record written is removed
 * from every other document that still held a copy of it, and such a document rewritten drops
 * every record that lives elsewhere (each then written where it lives), so one record ends in
 * one document. Given `previous` (what the group held before: a whole send, not an update), the
 * message records it did not hold (new here, in the session's order) are packed into new chunks
 * when there are enough of them.
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
  const writing = new Set<string>();
  const changedKeys = new Set(changed);
  const pending = [...changed];
  const leaveElsewhere = (key: string) => {
    for (const other of homes.elsewhere(key)) {
      if (other === key) docs.set(key, undefined);
      else if (!dirty.has(other)) {
        dirty.add(other);
        pending.push(...homes.membersOf(other));
      }
    }
  };
  for (const key of gone) {
    removed.add(key);
    const chunk = homes.chunkOf(key);
    if (chunk === undefined) docs.set(key, undefined);
    else if (!dirty.has(chunk)) {
      dirty.add(chunk);
      pending.push(...homes.membersOf(chunk));
    }
    leaveElsewhere(key);
  }
  // Every record of a chunk rewritten is looked at: one that lives elsewhere leaves it, and one
  // with copies elsewhere is written where it lives.
  for (let i = 0; i < pending.length; i++) {
    const key = pending[i] as string;
    if (removed.has(key) || !held.has(key)) continue;
    const isChanged = writing.has(key) || changedKeys.has(key) || homes.elsewhere(key).length > 0;
    const chunk = homes.chunkOf(key);
    if (chunk !== undefined && !dirty.has(chunk)) {
      dirty.add(chunk);
      pending.push(...homes.membersOf(chunk));
    }
    if (!isChanged || writing.has(key)) continue;
    writing.add(key);
    if (chunk === undefined && fresh(key)) toPack.push(key);
    else if (chunk === undefined) docs.set(key, held.get(key));
    leaveElsewhere(key);
  }
  const revisionOf = (key: string) =>
    writing.has(key) ? homes.nextRevision(key) : homes.revisionOf(key);
  const rewritten = new Map<string, Array<[string, string, number]>>();
  for (const chunk of dirty) {
    const records = [...homes.membersOf(chunk)]
      .filter((key) => homes.chunkOf(key) === chunk && !removed.has(key) && held.has(key))
      .map((key) => [key, held.get(key) ?? "", revisionOf(key)] as [string, string, number]);
    rewritten.set(chunk, records);
    docs.set(chunk, records.length > 0 ? chunkJson(records) : undefined);
  }
  const { chunks, alone } = homes.pack(group, toPack, (key) => held.get(key) ?? "");
  const packed = new Map<string, Array<[string, string, number]>>();
  for (const [chunk, keys] of chunks) {
    const records = keys.map(
      (key) => [key, held.get(key) ?? "", revisionOf(key)] as [string, string, number],
    );
    packed.set(chunk, records);
    docs.set(chunk, chunkJson(records));
  }
  for (const key of alone) docs.set(key, held.get(key));
  return {
    docs,
    commit() {
      for (const key of removed) homes.remove(key);
      for (const [chunk, records] of [...rewritten, ...packed]) {
        homes.hold(
          chunk,
          records.map(([key]) => key),
        );
        for (const [key, , revision] of records) homes.written(chunk, key, revision);
      }
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
  for (const key of keys) {
    docs.set(homes.chunkOf(key) ?? key, undefined);
    for (const other of homes.elsewhere(key)) docs.set(other, undefined);
  }
  return { docs, commit: () => homes.forget(group) };
}
