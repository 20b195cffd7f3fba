import type { Session } from "../../core/session.ts";
import type { RepositoryChange, SessionRepository } from "../../persistence/repository.ts";
import { type KdfOptions, opaqueId, SYNC_META_ID, type SyncKeys } from "../../sync/crypto/index.ts";
import { openDoc, sealDoc } from "../../sync/replication/encrypted-doc.ts";
import type {
  LiveSync,
  PouchDatabase,
  PouchDoc,
  PouchStatic,
} from "../../sync/replication/pouch-types.ts";
import { isHttpUrl, revisions, unlockRemote } from "./remote-meta.ts";
import { assembleSession, headKey, sessionOfKey, sessionRecords } from "./sync-records.ts";
import { failureOf, type SyncFailure, type SyncStatus } from "./sync-status.ts";

export interface SyncSettings {
  /** A CouchDB database URL, e.g. `https://couch.example.com/parley-alice`. */
  server: string;
  username: string;
  password: string;
  passphrase: string;
}

export interface SyncServicePorts {
  repository: SessionRepository;
  /** PouchDB with a local adapter, HTTP and replication (loaded on first use in the browser). */
  loadPouch(): Promise<PouchStatic>;
  /** The local adapter's name: IndexedDB's by default, `memory` in tests. */
  localAdapter?: string | undefined;
  /** The local database's name; one per device (tests run two in one process). */
  localName?: string | undefined;
  /** The ids of every stored session, sent when sync starts. */
  sessionIds(): readonly string[];
  /** Writes sessions that arrived (the import path: the store shows them). False: not written. */
  write(sessions: Session[]): Promise<boolean>;
  /** Parley's three-way merge (`persistence/tabs/merge.ts`), given no base: both sides kept. */
  merge(base: undefined, ours: Session, theirs: Session): Session;
  /** Unit tests only: a lower iteration count. */
  kdf?: KdfOptions | undefined;
}

interface Running {
  local: PouchDatabase;
  remote: PouchDatabase;
  keys: SyncKeys;
  Pouch: PouchStatic;
  live?: LiveSync | undefined;
  stops: Array<() => void>;
}

const LOCAL_NAME = "parley-sync";

/**
 * Two-way sync of the sessions through a CouchDB database, end-to-end encrypted (docs/sync.md).
 * Outbox: each committed change of a session is sealed into the local PouchDB as the records
 * that changed. Inbox: records that replication brought are opened, assembled into sessions,
 * merged with the local copy (both sides' messages kept) and written through the import path.
 * PouchDB's live sync with retry carries the local database to the server and back.
 */
export class SyncService {
  private status: SyncStatus = { state: "off" };
  private readonly listeners = new Set<() => void>();
  private running: Running | undefined;
  /** What the local PouchDB holds: records by session (Parley key → JSON), and id → key. */
  private records = new Map<string, Map<string, string>>();
  private known = new Map<string, string>();
  private work: Promise<void> = Promise.resolve();
  private generation = 0;

  constructor(private readonly ports: SyncServicePorts) {}

  getStatus(): SyncStatus {
    return this.status;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Unlocks (or creates) the sync metadata with the passphrase, then syncs live. */
  async start(settings: SyncSettings): Promise<void> {
    this.stop();
    const generation = ++this.generation;
    const current = () => generation === this.generation;
    if (!isHttpUrl(settings.server)) return this.fail("invalid_url");
    this.setStatus({ state: "unlocking" });
    try {
      const Pouch = await this.ports.loadPouch();
      const auth =
        settings.username === ""
          ? {}
          : { auth: { username: settings.username, password: settings.password } };
      const remote = new Pouch(settings.server.replace(/\/+$/, ""), { skip_setup: true, ...auth });
      await remote.info();
      const keys = await unlockRemote(remote, settings.passphrase, this.ports.kdf);
      if (!current()) return;
      if (typeof keys === "string") return this.fail(keys);
      const options = this.ports.localAdapter ? { adapter: this.ports.localAdapter } : {};
      const local = new Pouch(this.ports.localName ?? LOCAL_NAME, options);
      this.running = { local, remote, keys, Pouch, stops: [] };
      await this.startInbox(this.running);
      for (const id of this.ports.sessionIds()) this.enqueue(() => this.send(id));
      this.running.stops.push(this.ports.repository.subscribe((c) => this.onCommitted(c)));
      this.resume();
    } catch (error) {
      if (!current()) return;
      const failure = failureOf(error);
      if (failure) this.fail(failure);
      else this.setStatus({ state: "offline" });
    }
  }

  /** Stops replicating; local edits keep going into the outbox and leave on `resume`. */
  pause(): void {
    if (!this.running) return;
    this.running.live?.cancel();
    this.running.live = undefined;
    this.setStatus({ state: "paused" });
  }

  resume(): void {
    const running = this.running;
    if (!running || running.live) return;
    const live = running.Pouch.sync(running.local, running.remote, { live: true, retry: true });
    running.live = live;
    this.setStatus({ state: "syncing" });
    live
      .on("active", () => this.setStatus({ state: "syncing" }))
      .on("paused", (error) => this.setStatus({ state: error ? "offline" : "synced" }))
      .on("denied", (error) => this.fail(failureOf(error) ?? "failed"))
      .on("error", (error) => {
        const failure = failureOf(error);
        if (failure) this.fail(failure);
        else this.setStatus({ state: "offline" });
      });
  }

  /** Turns sync off: everything stays local, the outbox database too (the next start resumes). */
  stop(): void {
    this.generation++;
    const running = this.running;
    this.running = undefined;
    if (running) {
      running.live?.cancel();
      for (const stop of running.stops) stop();
      void this.work.then(() => running.local.close());
    }
    this.records = new Map();
    this.known = new Map();
    if (this.status.state !== "off") this.setStatus({ state: "off" });
  }

  /** Resolves once the outbox and inbox have handled what they were given so far. */
  settled(): Promise<void> {
    return this.work;
  }

  dispose(): void {
    this.stop();
    this.listeners.clear();
  }

  private async startInbox(running: Running): Promise<void> {
    const feed = running.local.changes({ live: true, since: "now", include_docs: true });
    feed.on("change", (change) => {
      const doc = (change as { doc?: PouchDoc }).doc;
      if (doc) this.enqueue(() => this.receive(running, doc));
    });
    running.stops.push(() => feed.cancel());
    const { rows } = await running.local.allDocs({ include_docs: true });
    for (const row of rows)
      if (row.doc) this.enqueue(() => this.receive(running, row.doc as PouchDoc));
  }

  private enqueue(task: () => Promise<void>): void {
    const generation = this.generation;
    this.work = this.work
      .then(() => (generation === this.generation ? task() : undefined))
      .catch((error: unknown) => {
        if (generation === this.generation) this.fail(failureOf(error) ?? "failed");
      });
  }

  private onCommitted(change: RepositoryChange): void {
    this.enqueue(() =>
      change.type === "removed" ? this.tombstone(change.id) : this.send(change.id),
    );
  }

  /** Seals the records of a session that differ from what the outbox holds. */
  private async send(sessionId: string): Promise<void> {
    const running = this.running;
    if (!running) return;
    const session = await this.ports.repository.read(sessionId);
    if (!session) return;
    const held = this.records.get(sessionId) ?? new Map<string, string>();
    const next = sessionRecords(session);
    const docs: PouchDoc[] = [];
    const ids = new Map<string, string>();
    for (const [key, json] of next) {
      if (held.get(key) === json) continue;
      ids.set(key, await this.idOf(running.keys, key));
    }
    const gone = [...held.keys()].filter((key) => !next.has(key));
    for (const key of gone) ids.set(key, await this.idOf(running.keys, key));
    if (ids.size === 0) return;
    const revs = await revisions(running.local, [...ids.values()]);
    for (const [key, id] of ids) {
      const rev = revs.get(id);
      const json = next.get(key);
      if (json === undefined) {
        if (rev) docs.push({ _id: id, _rev: rev, _deleted: true });
      } else docs.push(await sealDoc(running.keys, key, json, rev));
    }
    this.records.set(sessionId, next);
    await running.local.bulkDocs(docs);
  }

  /** A session removed here (after its Undo window): every document of it becomes a tombstone. */
  private async tombstone(sessionId: string): Promise<void> {
    const running = this.running;
    const held = this.records.get(sessionId);
    if (!running || !held) return;
    this.records.delete(sessionId);
    const ids = await Promise.all([...held.keys()].map((key) => this.idOf(running.keys, key)));
    const revs = await revisions(running.local, ids);
    const docs = ids.flatMap((id) => {
      const rev = revs.get(id);
      return rev ? [{ _id: id, _rev: rev, _deleted: true }] : [];
    });
    await running.local.bulkDocs(docs);
  }

  /** A document the local database took (from the server, or the outbox's own). */
  private async receive(running: Running, doc: PouchDoc): Promise<void> {
    if (doc._id === SYNC_META_ID || doc._id.startsWith("_")) return;
    if (doc._deleted) {
      const key = this.known.get(doc._id);
      const sessionId = key && sessionOfKey(key);
      if (!key || !sessionId) return;
      this.records.get(sessionId)?.delete(key);
      if (key === headKey(sessionId)) {
        this.records.delete(sessionId);
        if (await this.ports.repository.read(sessionId))
          await this.ports.repository.remove(sessionId);
      }
      return;
    }
    const opened = await openDoc(running.keys, doc);
    if (!opened.ok) return;
    const { parleyKey, json } = opened.value;
    const sessionId = sessionOfKey(parleyKey);
    if (!sessionId) return;
    this.known.set(doc._id, parleyKey);
    const held = this.records.get(sessionId) ?? new Map<string, string>();
    this.records.set(sessionId, held);
    if (held.get(parleyKey) === json) return;
    held.set(parleyKey, json);
    await this.apply(sessionId, held);
  }

  /** Merges an arrived session with the local one; both sides' messages are kept. */
  private async apply(sessionId: string, held: ReadonlyMap<string, string>): Promise<void> {
    const incoming = assembleSession(sessionId, held);
    if (!incoming) return;
    const local = await this.ports.repository.read(sessionId);
    const merged = local
      ? this.ports.merge(undefined, incoming, local)
      : { ...incoming, revision: 1 };
    if (local && sameRecords(sessionRecords(merged), sessionRecords(local))) return;
    await this.ports.write([merged]);
  }

  private async idOf(keys: SyncKeys, parleyKey: string): Promise<string> {
    const id = await opaqueId(keys, parleyKey);
    this.known.set(id, parleyKey);
    return id;
  }

  private fail(code: SyncFailure): void {
    this.setStatus({ state: "failed", code });
  }

  private setStatus(status: SyncStatus): void {
    this.status = status;
    for (const listener of [...this.listeners]) listener();
  }
}

function sameRecords(a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>): boolean {
  return a.size === b.size && [...a].every(([key, json]) => b.get(key) === json);
}
