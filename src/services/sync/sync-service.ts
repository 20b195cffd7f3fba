import type { ChangedMessages, RepositoryChange } from "../../persistence/repository.ts";
import { SYNC_META_ID } from "../../sync/crypto/index.ts";
import { openDoc } from "../../sync/replication/encrypted-doc.ts";
import type { PouchDoc } from "../../sync/replication/pouch-types.ts";
import { sessionArrival } from "./chunk-arrival.ts";
import { resolveConflict, superseded } from "./conflicts.ts";
import { connect } from "./connect.ts";
import { tombstoneArrived } from "./inbox-tombstone.ts";
import { startLiveSync } from "./live-sync.ts";
import { isHttpUrl } from "./remote-meta.ts";
import { recordSeenIfReachable } from "./rollback.ts";
import { running as newRunning, type Running } from "./running.ts";
import { applyArrived, applySession } from "./session-apply.ts";
import { sendSession } from "./session-send.ts";
import { receiveSet, sendSet, setGroup } from "./set-transfer.ts";
import type { SyncServicePorts, SyncSettings } from "./sync-ports.ts";
import { sessionOfKey } from "./sync-records.ts";
import { failureOf, type SyncFailure, type SyncStatus } from "./sync-status.ts";
import { type SyncedSet, setOfKey } from "./synced-sets.ts";

/** How long the queue's tasks may run back to back before it waits for the next task. */
const SLICE_MS = 10;

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
  private work: Promise<void> = Promise.resolve();
  /** Settles once the local database of the last `stop` is closed. */
  private closed: Promise<void> = Promise.resolve();
  private generation = 0;
  /** When the queue last waited for a new task (`yieldIfLong`). */
  private sliceStart = 0;

  private readonly sets: readonly SyncedSet[];
  private readonly nextTask: () => Promise<void>;

  constructor(private readonly ports: SyncServicePorts) {
    this.sets = ports.sets ?? [];
    this.nextTask = ports.nextTask ?? (() => new Promise((resolve) => setTimeout(resolve, 0)));
  }

  getStatus(): SyncStatus {
    return this.status;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Until the push has taken what the outbox just wrote, the server is behind: not Synced. */
  private readonly outboxWrote = () => {
    if (this.running) this.running.idle = false;
    if (this.status.state === "synced") this.setStatus({ state: "syncing" });
  };

  /** Unlocks (or creates) the sync metadata with the passphrase, then syncs live. */
  async start(settings: SyncSettings): Promise<void> {
    this.stop();
    const generation = ++this.generation;
    const current = () => generation === this.generation;
    if (!isHttpUrl(settings.server)) return this.fail("invalid_url");
    this.setStatus({ state: "unlocking" });
    try {
      // A database of the same name opened before the last one's close has run is closed under
      // it (the adapters share one store per name): its reads then fail and sync showed Offline.
      await this.closed;
      if (!current()) return;
      const connection = await connect(this.ports, settings);
      if (!current()) {
        if (typeof connection !== "string") await connection.local.close();
        return;
      }
      if (typeof connection === "string") return this.fail(connection);
      const started = newRunning(connection, this.outboxWrote, this.ports.blobs);
      const { outbox } = started;
      this.running = started;
      await this.startInbox(started);
      for (const id of this.ports.sessionIds()) this.enqueue(() => this.send(id));
      for (const set of this.sets) {
        this.enqueue(() => sendSet(outbox, set, true));
        started.stops.push(set.subscribe(() => this.enqueue(() => sendSet(outbox, set, false))));
      }
      // Until then the live sync may be idle with the outbox not yet written: not Synced.
      this.enqueue(async () => {
        started.sentAll = true;
        if (started.idle && started.live) this.setStatus({ state: "synced" });
      });
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
    this.setStatus({ state: "syncing" });
    running.idle = false;
    running.live = startLiveSync(running.Pouch, running.local, running.remote, (status) => {
      running.idle = status.state === "synced";
      this.setStatus(running.idle && !running.sentAll ? { state: "syncing" } : status);
      if (status.state === "synced")
        this.enqueue(() => recordSeenIfReachable(running.local, running.remote, running.server));
    });
  }

  /** Tries the server now, not after the backoff (up to a minute); only while Offline. */
  retryNow(): void {
    if (!this.running?.live || this.status.state !== "offline") return;
    this.pause();
    this.resume();
  }

  /** Turns sync off: everything stays local, the outbox database too (the next start resumes). */
  stop(): void {
    this.generation++;
    const running = this.running;
    this.running = undefined;
    if (running) {
      running.live?.cancel();
      for (const stop of running.stops) stop();
      this.closed = this.work.then(() => running.local.close()).catch(() => undefined);
    }
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
    const options = { include_docs: true, conflicts: true } as const;
    const feed = running.local.changes({ ...options, live: true, since: "now" });
    feed.on("change", (change) => {
      const doc = (change as { doc?: PouchDoc }).doc;
      if (doc) this.enqueue(() => this.receive(running, doc));
    });
    running.stops.push(() => feed.cancel());
    const [{ rows }] = await Promise.all([running.local.allDocs(options), running.blobs?.loaded]);
    for (const row of rows)
      if (row.doc) this.enqueue(() => this.receive(running, row.doc as PouchDoc));
  }

  /**
   * Runs `task` after the ones before it. Tasks that resolve within one task (opening documents)
   * would run back to back for hundreds of milliseconds in a first sync: after about 10 ms of
   * them, the queue waits for the next task first, so the page can paint and take input.
   */
  private enqueue(task: () => Promise<void>): void {
    const generation = this.generation;
    this.work = this.work
      .then(() => this.yieldIfLong())
      .then(() => (generation === this.generation ? task() : undefined))
      .catch((error: unknown) => {
        if (generation === this.generation) this.halt(failureOf(error) ?? "failed");
      });
  }

  private async yieldIfLong(): Promise<void> {
    if (performance.now() - this.sliceStart < SLICE_MS) return;
    await this.nextTask();
    this.sliceStart = performance.now();
  }

  private onCommitted(change: RepositoryChange): void {
    this.enqueue(() =>
      change.type === "removed"
        ? this.removed(change.id)
        : this.send(change.id, change.remote ? undefined : change.messages),
    );
  }

  /**
   * Seals the records of a session that differ from what the outbox holds: those `changed`
   * names when the repository said what its commit changed, or else every record.
   */
  private async send(sessionId: string, changed?: ChangedMessages): Promise<void> {
    const running = this.running;
    // What arrived is merged first: sent over it, the local head would replace the arrival's.
    if (running?.before.get(sessionId)?.size) await applySession(this.ports, running, sessionId);
    const session = running && (await this.ports.repository.read(sessionId));
    if (!running || !session) return;
    await sendSession(running.outbox, session, running.unapplied.get(sessionId), changed);
    await running.blobs?.send(session);
    // The local change may be what an arrived message follows: its chain is closed now.
    if (running.unapplied.get(sessionId)?.size) await applySession(this.ports, running, sessionId);
  }

  /** A delete travels as tombstones once removed for good, not while its Undo is offered. */
  private async removed(sessionId: string): Promise<void> {
    const running = this.running;
    if (!running || (await this.ports.repository.read(sessionId))) return;
    running.unapplied.delete(sessionId);
    await running.outbox.tombstone(sessionId);
  }

  /** A document the local database took (from the server, or the outbox's own), or a conflict. */
  private async receive(running: Running, doc: PouchDoc): Promise<void> {
    if (doc._id === SYNC_META_ID || doc._id.startsWith("_")) return;
    const { outbox } = running;
    if (doc._conflicts?.length) {
      const resolved = await resolveConflict(running, doc, this.ports.merge, this.sets);
      if (resolved?.json !== undefined)
        return this.take(running, resolved.parleyKey, resolved.json, outbox.revisionOf(doc._id));
      return resolved && this.refuseStale(running, resolved.parleyKey);
    }
    if (outbox.isOwn(doc) || running.blobs?.skips(doc)) return;
    if (doc._deleted) {
      const { trashed, changed } = await tombstoneArrived(running, this.sets, doc._id);
      if (changed) this.arrived(running, changed);
      if (trashed && (await this.ports.repository.read(trashed)))
        await this.ports.deleteArrived(trashed);
      return;
    }
    const opened = await openDoc(running.sealer, doc);
    if (!opened.ok) return;
    const { parleyKey, json, revision } = opened.value;
    outbox.learn(doc._id, parleyKey);
    if (revision < outbox.revisionOf(doc._id)) {
      // A change read before this device wrote over it (a merged conflict) is no rollback.
      if (await superseded(running.local, doc)) return;
      return this.refuseStale(running, parleyKey);
    }
    outbox.opened(doc._id, revision);
    return this.take(running, parleyKey, json, revision);
  }

  /** The record `key` holds `json` now, at `revision`: applied to its set or session. */
  private async take(running: Running, key: string, json: string, revision: number) {
    if (running.blobs?.takes(key)) return running.blobs.receive(key, json);
    if (setOfKey(this.sets, key)) return receiveSet(running.outbox, this.sets, key, json);
    const sessionId = sessionArrival(running, key, json, revision);
    if (sessionId) this.arrived(running, sessionId);
  }

  /** The records of `sessionId` changed: it is assembled again, with the others that did. */
  private arrived(running: Running, sessionId: string): void {
    if (running.arrived.size === 0)
      this.enqueue(() => applyArrived(this.ports, running, this.nextTask));
    running.arrived.add(sessionId);
  }

  /**
   * A record older than the copy held here (the server rolled one document back): it is not
   * applied, replication stops, and the held copy is written again over it in the local
   * database, so a restart does not take the older one for current and the next sync sends
   * this device's version back.
   */
  private async refuseStale(running: Running, key: string): Promise<void> {
    this.halt("stale_document");
    const set = setOfKey(this.sets, key);
    const group = set ? setGroup(set.set) : sessionOfKey(key);
    if (group) await running.outbox.rewrite(group, key);
  }

  /** Stops replicating (so its next event does not say Synced over the failure) and says why. */
  private halt(code: SyncFailure): void {
    if (this.running) {
      this.running.live?.cancel();
      this.running.live = undefined;
    }
    this.fail(code);
  }

  private fail(code: SyncFailure): void {
    this.setStatus({ state: "failed", code });
  }

  private setStatus(status: SyncStatus): void {
    this.status = status;
    for (const listener of [...this.listeners]) listener();
  }
}
