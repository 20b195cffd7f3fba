import { opaqueId, type SyncKeys } from "../../sync/crypto/index.ts";
import { inThread, type RecordSealer } from "../../sync/crypto/record-sealer.ts";
import { sealDoc } from "../../sync/replication/encrypted-doc.ts";
import type { PouchDatabase, PouchDoc } from "../../sync/replication/pouch-types.ts";
import { isChunkKey } from "./chunks.ts";
import { type DocumentPlan, planDocuments, tombstonePlan } from "./document-plan.ts";
import { RecordHomes } from "./record-homes.ts";
import { generation, isConflict, revisions } from "./remote-meta.ts";

/** A conflict means a pull wrote the document meanwhile; more than a few in a row is a fault. */
const WRITE_ATTEMPTS = 5;

const isMessageKey = (key: string) => key.startsWith("m:");

/** A record to write: its JSON, or none for a tombstone. */
interface Pending {
  key: string;
  id: string;
  json: string | undefined;
}

/**
 * What the local PouchDB holds, by group (a session's id, or another record set's name): each
 * group's records (Parley key → JSON) as last sealed or opened, where each message record lives
 * (`homes`), the Parley key behind each opaque id, and the revision last written of each document.
 */
export class Outbox {
  readonly homes = new RecordHomes();
  private readonly groups = new Map<string, Map<string, string>>();
  /** Groups whose every record the last `send` compared and wrote: `update` may follow. */
  private readonly whole = new Set<string>();
  private readonly keysById = new Map<string, string>();
  private readonly ownRevs = new Map<string, string>();
  /** The highest record revision (see `sealRecord`) written or opened here, by opaque id. */
  private readonly revisions = new Map<string, number>();

  /**
   * `onWritten`: documents went into the local database, so the push has work again. `sealer`
   * seals with `keys` (a worker's in the browser).
   */
  constructor(
    private readonly local: PouchDatabase,
    private readonly keys: SyncKeys,
    private readonly onWritten: () => void = () => {},
    private readonly sealer: RecordSealer = inThread(keys),
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
    this.whole.delete(group);
    this.homes.forget(group);
  }

  /**
   * A record of `group` was deleted elsewhere (its tombstone arrived). The local session may
   * still hold it, so the next send compares every record again, as it did before `update`.
   */
  drop(group: string, key: string): void {
    this.groups.get(group)?.delete(key);
    this.whole.delete(group);
    this.homes.remove(key);
  }

  /** Whether the last `send` of `group` gave every record and nothing failed since. */
  isWhole(group: string): boolean {
    return this.whole.has(group);
  }

  /** The Parley key of a document this outbox has sealed or opened. */
  keyOf(id: string): string | undefined {
    return this.keysById.get(id);
  }

  learn(id: string, parleyKey: string): void {
    this.keysById.set(id, parleyKey);
  }

  /** The record revision this device holds of document `id` (0: none, or one without). */
  revisionOf(id: string): number {
    return this.revisions.get(id) ?? 0;
  }

  /** A record opened with `revision`; a deleted one (`undefined`) leaves no copy to compare. */
  opened(id: string, revision: number | undefined): void {
    if (revision === undefined) this.revisions.delete(id);
    else if (revision > this.revisionOf(id)) this.revisions.set(id, revision);
  }

  /** Writes the held JSON of `key` (a record, or a chunk) again over what the local database has now. */
  async rewrite(group: string, key: string): Promise<void> {
    const held = this.groups.get(group);
    if (!held) return;
    const keys = isChunkKey(key) ? [...this.homes.membersOf(key)] : [key];
    const plan = planDocuments(
      this.homes,
      group,
      held,
      keys.filter((k) => held.has(k)),
      [],
    );
    await this.writePlan(plan);
  }

  /**
   * Ends a conflict on `key`: `json` (the merged record, unless the winner already holds it)
   * goes over the winning revision, and each losing leaf `losers` becomes a tombstone of its own
   * branch, so the conflict is gone on every device. A leaf another device removed meanwhile is
   * no leaf any more: its conflict is ignored.
   */
  async resolve(key: string, json: string | undefined, losers: readonly string[]): Promise<void> {
    const id = await this.idOf(key);
    if (json !== undefined) await this.write([{ key, id, json }]);
    if (losers.length === 0) return;
    await this.local.bulkDocs(losers.map((rev) => ({ _id: id, _rev: rev, _deleted: true })));
    this.onWritten();
  }

  /** Whether `doc` is this device's own last write (the inbox need not open it). */
  isOwn(doc: PouchDoc): boolean {
    return doc._rev !== undefined && this.ownRevs.get(doc._id) === doc._rev;
  }

  /**
   * Seals the records of `group` that differ from what is held; a record no longer there is
   * tombstoned. Message records never written before go into chunks (`planDocuments`).
   */
  async send(group: string, next: Map<string, string>): Promise<void> {
    const held = this.groups.get(group) ?? new Map<string, string>();
    const changed = [...next].filter(([key, json]) => held.get(key) !== json).map(([key]) => key);
    const gone = [...held.keys()].filter((key) => !next.has(key));
    if (changed.length + gone.length > 0) {
      this.groups.set(group, next);
      const plan = planDocuments(this.homes, group, next, changed, gone, held);
      await this.unlessWritten(group, next, held, () => this.writePlan(plan));
    }
    if (this.groups.get(group) === next || changed.length + gone.length === 0)
      this.whole.add(group);
  }

  /**
   * Seals the records of `changed` that differ from what `group` holds, and tombstones the held
   * records `gone`; the rest of the group is not looked at, so the cost follows the change, not
   * the group. A failed write puts back what those records held, and the next `send` of the
   * group compares every record again.
   */
  async update(
    group: string,
    changed: ReadonlyMap<string, string>,
    gone: readonly string[],
  ): Promise<void> {
    const held = this.held(group);
    const keys = [...changed]
      .filter(([key, json]) => held.get(key) !== json)
      .map(([key]) => key)
      .concat(gone.filter((key) => held.has(key) && !changed.has(key)));
    if (keys.length === 0) return;
    const before = new Map(keys.map((key) => [key, held.get(key)]));
    for (const key of keys) {
      const json = changed.get(key);
      if (json === undefined) held.delete(key);
      else held.set(key, json);
    }
    const plan = planDocuments(
      this.homes,
      group,
      held,
      keys.filter((key) => changed.has(key)),
      keys.filter((key) => !changed.has(key)),
    );
    try {
      await this.writePlan(plan);
    } catch (error) {
      this.whole.delete(group);
      if (this.groups.get(group) === held)
        for (const [key, json] of before) {
          if (json === undefined) held.delete(key);
          else held.set(key, json);
        }
      throw error;
    }
  }

  /** Every document of `group` becomes a tombstone. */
  async tombstone(group: string): Promise<void> {
    const held = this.groups.get(group);
    this.whole.delete(group);
    if (!held) return;
    this.groups.delete(group);
    const plan = tombstonePlan(this.homes, group, held.keys());
    await this.unlessWritten(group, undefined, held, () => this.writePlan(plan));
  }

  /** Writes the documents of `plan`, then records where its records live now. */
  private async writePlan(plan: DocumentPlan): Promise<void> {
    const docs = [...plan.docs];
    const ids = await Promise.all(docs.map(([key]) => this.idOf(key)));
    await this.write(docs.map(([key, json], i) => ({ key, id: ids[i] as string, json })));
    plan.commit();
  }

  /**
   * Runs `write`; when it fails (a full disk), the group goes back to what it held before, so
   * the next send writes the same records again and nothing is lost.
   */
  private async unlessWritten(
    group: string,
    next: Map<string, string> | undefined,
    before: Map<string, string>,
    write: () => Promise<void>,
  ): Promise<void> {
    try {
      await write();
    } catch (error) {
      this.whole.delete(group);
      if (this.groups.get(group) === next) this.groups.set(group, before);
      throw error;
    }
  }

  /**
   * Seals and writes `records` over the local database's current revisions, read just before.
   * Each record's revision is one above both the highest this device knows and the generation
   * of the document it replaces, so the newest revision of a document always carries the
   * highest record revision, whoever wrote it. Replication writes into the same database
   * meanwhile (a tombstone pulled while the records of an Undo were being sealed): a document it
   * changed is a conflict, sealed and written again over the revision it now has, so a write is
   * never lost to a pull. A tombstone for a document that is not there, or already deleted, is
   * left out.
   */
  private async write(records: Pending[]): Promise<void> {
    let pending = records;
    for (let attempt = 0; pending.length > 0 && attempt < WRITE_ATTEMPTS; attempt++) {
      const revs = await revisions(
        this.local,
        pending.map((record) => record.id),
      );
      const current = pending.filter((r) => r.json !== undefined || revs.has(r.id));
      if (current.length === 0) return;
      // Concurrently: WebCrypto does the work off the main thread, so a group's records overlap.
      const sealed = await Promise.all(current.map((r) => this.doc(r, revs.get(r.id))));
      const results = await this.local.bulkDocs(sealed.map((s) => s.doc));
      const revisionOf = new Map(sealed.map((s) => [s.doc._id, s.revision]));
      const keyOf = new Map(current.map((r) => [r.id, r.key]));
      const conflicted = new Set<string>();
      let written = false;
      for (const result of results) {
        const { ok, id, rev } = result;
        if (ok && id && rev) {
          this.ownRevs.set(id, rev);
          const revision = revisionOf.get(id);
          if (revision !== undefined) this.opened(id, revision);
          const key = keyOf.get(id) ?? "";
          if (revision !== undefined && isMessageKey(key)) this.homes.written(key, key, revision);
          written = true;
        } else if (id && isConflict(result)) conflicted.add(id);
      }
      if (written) this.onWritten();
      pending = current.filter((record) => conflicted.has(record.id));
    }
    if (pending.length > 0) throw new Error(`outbox: ${pending.length} documents kept conflicting`);
  }

  /** The document to write for `pending` over `rev`, and the record revision sealed in it. */
  private async doc(
    { key, id, json }: Pending,
    rev: string | undefined,
  ): Promise<{ doc: PouchDoc; revision?: number }> {
    if (json === undefined) return { doc: { _id: id, _rev: rev as string, _deleted: true } };
    // A message record's revision is also above every copy of it another document holds.
    const copies = isMessageKey(key) ? this.homes.nextRevision(key) - 1 : 0;
    const revision = Math.max(this.revisionOf(id), generation(rev), copies) + 1;
    return { doc: await sealDoc(this.sealer, key, json, rev, revision), revision };
  }

  private async idOf(parleyKey: string): Promise<string> {
    const id = await opaqueId(this.keys, parleyKey);
    this.keysById.set(id, parleyKey);
    return id;
  }
}
