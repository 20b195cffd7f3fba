import { CHUNK_CHARS, chunkKey } from "./chunks.ts";

/** Fewer new records than this are not worth a chunk: each goes alone. */
const CHUNK_FROM = 2;

/** A message record as one document holds it: its record revision there and its JSON. */
interface Copy {
  revision: number;
  json: string;
}

/**
 * The copy to hold of a record that several documents hold (docs/sync.md, "One record in two
 * documents"): the one of the highest record revision. Copies of that revision that differ (two
 * devices changed the record from one version, each in its own document) are a conflict whose
 * ancestor neither names: as for a document's conflict without its ancestor, one wins whole,
 * here the larger JSON, so every device that holds the same copies holds the same record. It
 * lives from then on in the document of the smallest key among them.
 */
function winner(copies: ReadonlyMap<string, Copy>) {
  let revision = 0;
  for (const copy of copies.values()) revision = Math.max(revision, copy.revision);
  let doc: string | undefined;
  let json = "";
  for (const [key, copy] of copies) {
    if (copy.revision !== revision) continue;
    if (doc === undefined || key < doc) doc = key;
    if (copy.json > json) json = copy.json;
  }
  return { doc: doc as string, revision, json };
}

/**
 * Where each message record lives and at which record revision: the document it is written in
 * (its home: a chunk, or its own document, whose key is the record's), and which records each
 * chunk holds, as this device last wrote or opened them. A record normally lives in one
 * document; when two hold it (the same messages packed differently on two devices), each copy
 * is kept (`copies`) until this device writes the record, which removes it from all but one.
 */
export class RecordHomes {
  private readonly homes = new Map<string, string>();
  private readonly revisions = new Map<string, number>();
  private readonly members = new Map<string, Set<string>>();
  private readonly copies = new Map<string, Map<string, Copy>>();

  /** The chunk `key` lives in; undefined for its own document (or none). */
  chunkOf(key: string): string | undefined {
    const home = this.homes.get(key);
    return home === key ? undefined : home;
  }

  /** The record revision of the copy held (0: none). */
  revisionOf(key: string): number {
    return this.revisions.get(key) ?? 0;
  }

  /** The revision a write of `key` carries: above every copy known. */
  nextRevision(key: string): number {
    let revision = this.revisionOf(key);
    for (const copy of this.copies.get(key)?.values() ?? [])
      revision = Math.max(revision, copy.revision);
    return revision + 1;
  }

  /** The documents other than its home that hold `key` (a write removes it from them). */
  elsewhere(key: string): string[] {
    const copies = this.copies.get(key);
    const home = this.homes.get(key);
    return copies ? [...copies.keys()].filter((doc) => doc !== home) : [];
  }

  membersOf(chunk: string): ReadonlySet<string> {
    return this.members.get(chunk) ?? new Set();
  }

  /**
   * This device wrote `key` into `doc` at `revision`: it lives there alone now (the write
   * removed it from every other document that held it).
   */
  written(doc: string, key: string, revision: number): void {
    for (const other of this.elsewhere(key))
      if (other !== key) this.members.get(other)?.delete(key);
    this.copies.delete(key);
    this.place(doc, key, revision);
  }

  /**
   * Document `doc` (a chunk, or the record's own) arrived holding `key` at `revision` with
   * `json`; `held` is what the outbox holds of `key`. Gives the JSON to hold now when it
   * differs from `held` (the newest copy of every document that holds it), else undefined.
   */
  arrived(doc: string, key: string, revision: number, json: string, held: string | undefined) {
    if (doc !== key) this.members.get(doc)?.add(key) ?? this.members.set(doc, new Set([key]));
    const home = this.homes.get(key);
    let copies = this.copies.get(key);
    if (!copies && (home === undefined || home === doc || held === undefined)) {
      this.place(doc, key, revision);
      return json === held ? undefined : json;
    }
    if (!copies) {
      copies = new Map([
        [home as string, { revision: this.revisionOf(key), json: held as string }],
      ]);
      this.copies.set(key, copies);
    }
    copies.set(doc, { revision, json });
    return this.settle(key, copies, held);
  }

  /**
   * `doc` no longer holds `key` (a chunk rewritten without it, or the record's own document
   * tombstoned). Gives `deleted` when no other document holds it (it was removed on the device
   * that wrote this), the JSON to hold when another copy takes over, else undefined.
   */
  left(doc: string, key: string, held: string | undefined): "deleted" | string | undefined {
    if (doc !== key) this.members.get(doc)?.delete(key);
    const copies = this.copies.get(key);
    if (!copies) {
      if (this.homes.get(key) !== doc) return undefined;
      this.remove(key);
      return "deleted";
    }
    copies.delete(doc);
    return this.settle(key, copies, held);
  }

  /** A record is gone (deleted): no document holds it here. */
  remove(key: string): void {
    const home = this.homes.get(key);
    if (home !== undefined && home !== key) this.members.get(home)?.delete(key);
    for (const doc of this.elsewhere(key)) this.members.get(doc)?.delete(key);
    this.homes.delete(key);
    this.revisions.delete(key);
    this.copies.delete(key);
  }

  /** `chunk` holds `keys` now (as written here). Gives the records it held before and no more. */
  hold(chunk: string, keys: readonly string[]): string[] {
    const now = new Set(keys);
    const left = [...this.membersOf(chunk)].filter((key) => !now.has(key));
    this.members.set(chunk, now);
    return left;
  }

  /** The chunk is gone (a tombstone): gives the records it held. */
  drop(chunk: string): string[] {
    const keys = [...this.membersOf(chunk)];
    this.members.delete(chunk);
    return keys;
  }

  /** Forgets every record and chunk of a session (its group was forgotten or tombstoned). */
  forget(sessionId: string): void {
    const prefix = `m:${sessionId}:`;
    for (const chunk of [...this.members.keys()])
      if (chunk.startsWith(`c:${sessionId}:`)) this.members.delete(chunk);
    for (const key of [...this.homes.keys()]) if (key.startsWith(prefix)) this.remove(key);
  }

  /**
   * Packs `fresh` (message records of `sessionId` never written before, in the session's order)
   * into new chunks of at most `CHUNK_CHARS`; gives each chunk's key and records, and the records
   * that go alone (a run too short for a chunk, or whose chunk key is taken). Nothing is held
   * until the chunks are written (`hold`).
   */
  pack(
    sessionId: string,
    fresh: readonly string[],
    jsonOf: (key: string) => string,
  ): { chunks: Map<string, string[]>; alone: string[] } {
    const runs: string[][] = [];
    let run: string[] = [];
    let size = 0;
    for (const key of fresh) {
      // Each record's JSON is escaped once more inside the chunk: about a tenth more.
      const chars = Math.ceil(jsonOf(key).length * 1.1) + key.length + 12;
      if (run.length > 0 && size + chars > CHUNK_CHARS) {
        runs.push(run);
        run = [];
        size = 0;
      }
      run.push(key);
      size += chars;
    }
    runs.push(run);
    const chunks = new Map<string, string[]>();
    const alone: string[] = [];
    const prefix = `m:${sessionId}:`;
    for (const keys of runs) {
      const first = keys[0];
      const chunk = first?.startsWith(prefix)
        ? chunkKey(sessionId, first.slice(prefix.length))
        : undefined;
      if (keys.length < CHUNK_FROM || !chunk || this.members.has(chunk) || chunks.has(chunk))
        alone.push(...keys);
      else chunks.set(chunk, keys);
    }
    return { chunks, alone };
  }

  private place(doc: string, key: string, revision: number): void {
    const home = this.homes.get(key);
    if (home !== undefined && home !== doc && home !== key) this.members.get(home)?.delete(key);
    if (doc !== key) this.members.get(doc)?.add(key) ?? this.members.set(doc, new Set([key]));
    this.homes.set(key, doc);
    this.revisions.set(key, revision);
  }

  /** Holds the winner of `copies` (one left: it alone); gives its JSON when not `held`. */
  private settle(key: string, copies: Map<string, Copy>, held: string | undefined) {
    if (copies.size === 0) {
      this.remove(key);
      return "deleted";
    }
    const { doc, revision, json } = winner(copies);
    if (copies.size === 1) this.copies.delete(key);
    this.homes.set(key, doc);
    this.revisions.set(key, revision);
    return json === held ? undefined : json;
  }
}
