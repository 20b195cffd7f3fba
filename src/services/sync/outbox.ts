import { opaqueId, type SyncKeys } from "../../sync/crypto/index.ts";
import { sealDoc } from "../../sync/replication/encrypted-doc.ts";
import type {
  PouchDatabase,
  PouchDoc,
  PouchWriteResult,
} from "../../sync/replication/pouch-types.ts";
import { revisions } from "./remote-meta.ts";

/**
 * What the local PouchDB holds, by group (a session's id, or another record set's name): each
 * group's records (Parley key → JSON) as last sealed or opened, the Parley key behind each
 * opaque id, and the revision this device last wrote of each document.
 */
/** A conflict means a pull wrote the document meanwhile; more than a few in a row is a fault. */
const WRITE_ATTEMPTS = 5;

const isConflict = (result: PouchWriteResult) =>
  result.status === 409 || result.error === "conflict" || result.name === "conflict";

const withoutRev = ({ _rev: _stale, ...doc }: PouchDoc): PouchDoc => doc;

export class Outbox {
  private readonly groups = new Map<string, Map<string, string>>();
  private readonly keysById = new Map<string, string>();
  private readonly ownRevs = new Map<string, string>();

  /** `onWritten`: documents went into the local database, so the push has work again. */
  constructor(
    private readonly local: PouchDatabase,
    private readonly keys: SyncKeys,
    private readonly onWritten: () => void = () => {},
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
    if (changed.length + gone.length === 0) return;
    this.groups.set(group, next);
    // Concurrently: WebCrypto does the work off the main thread, so a group's records overlap.
    const sealed = await Promise.all(
      changed.map((key) => sealDoc(this.keys, key, next.get(key) as string)),
    );
    for (const [i, doc] of sealed.entries()) this.keysById.set(doc._id, changed[i] as string);
    const tombstones = await Promise.all(gone.map((key) => this.idOf(key)));
    await this.write([...sealed, ...tombstones.map((id) => ({ _id: id, _deleted: true }))]);
  }

  /** Every document of `group` becomes a tombstone. */
  async tombstone(group: string): Promise<void> {
    const held = this.groups.get(group);
    if (!held) return;
    this.groups.delete(group);
    const ids = await Promise.all([...held.keys()].map((key) => this.idOf(key)));
    await this.write(ids.map((id) => ({ _id: id, _deleted: true })));
  }

  /**
   * Writes `docs` over the local database's current revisions, read just before the write.
   * Replication writes into the same database meanwhile (a tombstone pulled while the records
   * of an Undo were being sealed): a document it changed is a conflict, written again over the
   * revision it now has, so a write is never lost to a pull. A tombstone for a document that is
   * not there, or already deleted, is left out.
   */
  private async write(docs: PouchDoc[]): Promise<void> {
    let pending = docs;
    for (let attempt = 0; pending.length > 0 && attempt < WRITE_ATTEMPTS; attempt++) {
      const revs = await revisions(
        this.local,
        pending.map((doc) => doc._id),
      );
      const current = pending.flatMap((doc): PouchDoc[] => {
        const rev = revs.get(doc._id);
        if (doc._deleted && !rev) return [];
        return [rev ? { ...doc, _rev: rev } : doc];
      });
      if (current.length === 0) return;
      const results = await this.local.bulkDocs(current);
      const conflicted = new Set<string>();
      let written = false;
      for (const result of results) {
        const { ok, id, rev } = result;
        if (ok && id && rev) {
          this.ownRevs.set(id, rev);
          written = true;
        } else if (id && isConflict(result)) conflicted.add(id);
      }
      if (written) this.onWritten();
      pending = current.filter((doc) => conflicted.has(doc._id)).map(withoutRev);
    }
    if (pending.length > 0) throw new Error(`outbox: ${pending.length} documents kept conflicting`);
  }

  private async idOf(parleyKey: string): Promise<string> {
    const id = await opaqueId(this.keys, parleyKey);
    this.keysById.set(id, parleyKey);
    return id;
  }
}
