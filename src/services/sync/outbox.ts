import { opaqueId, type SyncKeys } from "../../sync/crypto/index.ts";
import { sealDoc } from "../../sync/replication/encrypted-doc.ts";
import type { PouchDatabase, PouchDoc } from "../../sync/replication/pouch-types.ts";
import { revisions } from "./remote-meta.ts";

/**
 * What the local PouchDB holds, by group (a session's id, or another record set's name): each
 * group's records (Parley key → JSON) as last sealed or opened, the Parley key behind each
 * opaque id, and the revision this device last wrote of each document.
 */
export class Outbox {
  private readonly groups = new Map<string, Map<string, string>>();
  private readonly keysById = new Map<string, string>();
  private readonly ownRevs = new Map<string, string>();

  constructor(
    private readonly local: PouchDatabase,
    private readonly keys: SyncKeys,
  ) {}

  /** The records of `group` as the outbox holds them (an empty map, kept, for a new group). */
  held(group: string): Map<string, string> {
    const found = this.groups.get(group);
    if (found) return found;
    const made = new Map<string, string>();
    this.groups.set(group, made);
    return made;
  }

  has(group: string): boolean {
    return this.groups.has(group);
  }

  forget(group: string): void {
    this.groups.delete(group);
  }

  /** The Parley key of a document this outbox has sealed or opened. */
  keyOf(id: string): string | undefined {
    return this.keysById.get(id);
  }

  learn(id: string, parleyKey: string): void {
    this.keysById.set(id, parleyKey);
  }

  /** Whether `doc` is this device's own last write (the inbox need not open it). */
  isOwn(doc: PouchDoc): boolean {
    return doc._rev !== undefined && this.ownRevs.get(doc._id) === doc._rev;
  }

  /** Seals the records of `group` that differ from what is held; a record no longer there is tombstoned. */
  async send(group: string, next: Map<string, string>): Promise<void> {
    const held = this.groups.get(group) ?? new Map<string, string>();
    const changed = [...next].filter(([key, json]) => held.get(key) !== json).map(([key]) => key);
    const gone = [...held.keys()].filter((key) => !next.has(key));
    const keys = [...changed, ...gone];
    if (keys.length === 0) return;
    // Concurrently: WebCrypto does the work off the main thread, so a group's records overlap.
    const ids = await Promise.all(keys.map((key) => this.idOf(key)));
    const revs = await revisions(this.local, ids);
    const docs = await Promise.all(
      keys.map(async (key, i): Promise<PouchDoc | undefined> => {
        const id = ids[i] as string;
        const rev = revs.get(id);
        const json = next.get(key);
        if (json !== undefined) return sealDoc(this.keys, key, json, rev);
        return rev ? { _id: id, _rev: rev, _deleted: true } : undefined;
      }),
    );
    this.groups.set(group, next);
    await this.write(docs.filter((doc) => doc !== undefined));
  }

  /** Every document of `group` becomes a tombstone. */
  async tombstone(group: string): Promise<void> {
    const held = this.groups.get(group);
    if (!held) return;
    this.groups.delete(group);
    const ids = await Promise.all([...held.keys()].map((key) => this.idOf(key)));
    const revs = await revisions(this.local, ids);
    const docs = ids.flatMap((id) => {
      const rev = revs.get(id);
      return rev ? [{ _id: id, _rev: rev, _deleted: true }] : [];
    });
    await this.write(docs);
  }

  private async write(docs: PouchDoc[]): Promise<void> {
    if (docs.length === 0) return;
    const results = await this.local.bulkDocs(docs);
    for (const { ok, id, rev } of results) if (ok && id && rev) this.ownRevs.set(id, rev);
  }

  private async idOf(parleyKey: string): Promise<string> {
    const id = await opaqueId(this.keys, parleyKey);
    this.keysById.set(id, parleyKey);
    return id;
  }
}
