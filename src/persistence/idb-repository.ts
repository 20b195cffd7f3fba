import type { Message } from "../core/message.ts";
import type { Session } from "../core/session.ts";
import { Connection } from "./database/idb-connection.ts";
import { applyOps } from "./database/idb-ops.ts";
import { BLOCKED, damagedFault, FaultHub, failureOf, NEWER_RECORDS, OUTDATED } from "./faults.ts";
import type { IdbRepositoryOptions } from "./idb-options.ts";
import { DB_NAME } from "./layout/idb-names.ts";
import { decodeSummary } from "./layout/records.ts";
import { type Assembled, withoutCheckpoint } from "./reader/assemble.ts";
import { DamagedRecords } from "./reader/damaged-records.ts";
import { loadIndex } from "./reader/load-index.ts";
import { SessionReads } from "./reader/session-reads.ts";
import type {
  DamagedRecord,
  LoadResult,
  OpenOptions,
  SaveManyOptions,
  SaveOptions,
  SessionChange,
  SessionRepository,
  SessionSource,
  SessionSummary,
  StorageInfo,
  WriteOutcome,
} from "./repository.ts";
import { RepositoryBase } from "./repository-base.ts";
import { storageInfo } from "./storage-info.ts";
import { ChangeFeed } from "./tabs/change-feed.ts";
import { announce, putInSlices, readFingerprints, type Written } from "./writer/import-write.ts";
import { SessionBases } from "./writer/session-bases.ts";
import { type Intent, mergeIntents, planIntent, saveIntent } from "./writer/write-intent.ts";
import type { WriteOp } from "./writer/write-plan.ts";
import { WriteQueue } from "./writer/write-queue.ts";
import { type WriteStats, writeStats } from "./writer/write-stats.ts";

export type { IdbRepositoryOptions, WriteStats };

const DEFAULT_THROTTLE_MS = 100;
const DEFAULT_SLICE_MS = 8;
/**
 * A page that is being left still commits what its runs stop with, just after `pagehide`: for
 * this long its writes skip the throttle.
 */
const LEAVING_MS = 2000;

/** The IndexedDB repository: a session's records are written in one transaction each. */
export class IdbSessionRepository extends RepositoryBase implements SessionRepository {
  private readonly connection: Connection;
  private readonly queue: WriteQueue<Intent, WriteOutcome>;
  private readonly bases: SessionBases;
  private readonly aside: DamagedRecords;
  private loaded: Promise<unknown> | undefined;
  private persistenceAsked = false;
  /** Until when the page is taken to be going away (writes go at once, without the throttle). */
  private leavingUntil = Number.NEGATIVE_INFINITY;
  /**
   * Sessions whose last save failed: their latest state lives only in this tab. The fault stays
   * until each is saved (or deleted); a small write that fits, like a checkpoint, does not end it.
   */
  private readonly unsaved = new Set<string>();
  private readonly reads: SessionReads;

  constructor(private readonly options: IdbRepositoryOptions = {}) {
    super(new ChangeFeed(options.channel), new FaultHub());
    this.bases = new SessionBases(this.changes);
    this.connection = new Connection(
      options.name ?? DB_NAME,
      () => this.faults.report(OUTDATED, true),
      options.layoutVersion,
    );
    this.reads = new SessionReads(this.connection, options.sliceChunks);
    this.queue = new WriteQueue<Intent, WriteOutcome>({
      intervalMs: options.throttleMs ?? DEFAULT_THROTTLE_MS,
      merge: mergeIntents,
      run: (id, intent) => this.write(id, intent),
      ...(options.timers ? { timers: options.timers } : {}),
    });
    this.aside = new DamagedRecords({
      connection: this.connection,
      report: (records) => this.reportDamaged(records),
      write: (ops) => this.transactWrite(ops),
      loaded: () => this.loaded,
      nowIso: () => this.nowIso(),
    });
    if (options.preparing) this.waitForUpgrade(options.preparing);
  }

  async load(): Promise<LoadResult> {
    const loading = this.options.preparing
      ? this.options.preparing.then(() => loadIndex(this.connection, this.nowIso()))
      : loadIndex(this.connection, this.nowIso());
    this.loaded ??= loading.catch(() => undefined);
    const result = await loading;
    if (result.setAside.length > 0) this.reportDamaged(result.setAside);
    if (result.newer.length > 0) this.faults.report(NEWER_RECORDS, true);
    return { summaries: result.summaries, damaged: result.damaged };
  }

  async readSummary(id: string): Promise<SessionSummary | undefined> {
    const raw = await this.aside.rawSummary(id);
    if (raw === undefined) return undefined;
    const decoded = decodeSummary(raw);
    return decoded.ok ? decoded.value : undefined;
  }

  async open(id: string, options: OpenOptions = {}): Promise<Session | undefined> {
    this.bases.saving(id);
    const read = await this.readWhole(id);
    const assembled = options.live === true ? withoutCheckpoint(read) : read;
    this.bases.opened(id, assembled);
    return assembled.session;
  }

  async read(id: string): Promise<Session | undefined> {
    return (await this.readWhole(id)).session;
  }

  release(id: string): void {
    this.bases.release(id, this.queue.whenIdle(id));
  }

  async openRecent(id: string, count: number): Promise<Session | undefined> {
    return this.reads.tail(id, count);
  }

  save(session: Session, change: SessionChange, options: SaveOptions = {}): Promise<WriteOutcome> {
    this.bases.saving(session.id);
    const intent = saveIntent(session, change, options.strict === true);
    return this.enqueue(session.id, intent, options.immediate);
  }

  async saveMany(sessions: SessionSource, options: SaveManyOptions = {}): Promise<WriteOutcome> {
    if (!this.loaded) throw this.writeBeforeLoad();
    await this.loaded;
    await this.queue.flush();
    const blocked = this.faults.blocked ? this.faults.fault : null;
    if (blocked) return { ok: false, fault: blocked };
    let written: Written[] = [];
    const outcome = await this.transactWrite(async (store) => {
      written = await putInSlices(store, sessions, {
        fingerprints: options.fingerprints,
        onProgress: options.onProgress,
        sliceMs: this.options.sliceMs ?? DEFAULT_SLICE_MS,
        now: () => performance.now(),
      });
    }, options.strict !== false);
    if (!outcome.ok) return outcome;
    for (const { id } of written) {
      // Not kept as known: the import is not held in memory; `open` reads it when needed.
      this.bases.forget(id);
      this.unsaved.delete(id);
    }
    if (this.unsaved.size === 0) this.faults.clear();
    this.askPersistence();
    await announce(written, (w) => this.changes.publish({ type: "saved", ...w }));
    return outcome;
  }

  async contentFingerprints(ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    await Promise.all(ids.map((id) => this.queue.whenIdle(id)));
    return this.connection.transact("readonly", (store) => readFingerprints(store, ids));
  }

  checkpoint(sessionId: string, message: Message | null): Promise<WriteOutcome> {
    return this.enqueue(sessionId, { remove: false, checkpoint: message, strict: false }, true);
  }

  remove(id: string): Promise<WriteOutcome> {
    return this.enqueue(id, { remove: true, strict: false }, true);
  }

  async flush(options: { leaving?: boolean } = {}): Promise<void> {
    if (options.leaving) this.leavingUntil = performance.now() + LEAVING_MS;
    await this.queue.flush();
  }

  private get leaving(): boolean {
    return performance.now() < this.leavingUntil;
  }

  damaged(): Promise<DamagedRecord[]> {
    return this.aside.list();
  }

  discardDamaged(original: string): Promise<WriteOutcome> {
    return this.aside.discard(original);
  }

  storageInfo(): Promise<StorageInfo> {
    return storageInfo(this.options.storage, !this.faults.blocked);
  }

  /** Closes the connection and the channel (tests, and tabs going away). */
  close(): void {
    this.connection.close();
    this.changes.close();
  }

  private enqueue(id: string, intent: Intent, immediate = false): Promise<WriteOutcome> {
    if (!this.loaded) return Promise.reject(this.writeBeforeLoad());
    return this.queue.push(id, intent, immediate || this.leaving);
  }

  private async write(id: string, asked: Intent): Promise<WriteOutcome> {
    await this.loaded;
    const intent = this.bases.withOwed(id, asked);
    const blocked = this.faults.blocked ? this.faults.fault : null;
    if (blocked) return { ok: false, fault: blocked };
    const started = performance.now();
    let puts: WriteOp[] = [];
    try {
      const effect = await this.connection.transact(
        "readwrite",
        async (store) => {
          const { ops, effect } = await planIntent(store, id, intent, {
            known: this.bases.known,
            ownCheckpoints: this.bases.ownCheckpoints,
            at: this.nowIso(),
          });
          puts = ops;
          applyOps(store, ops);
          return effect;
        },
        intent.strict,
      );
      this.options.onWrite?.(writeStats(id, puts, performance.now() - started));
      if (this.bases.apply(id, effect)) this.askPersistence();
      if (intent.session || intent.remove) this.unsaved.delete(id);
      if (this.unsaved.size === 0) this.faults.clear();
      return { ok: true };
    } catch (error) {
      this.bases.owe(id, intent);
      return this.failed(error, intent.session || intent.remove ? id : undefined);
    }
  }

  /** The whole session after the writes queued for it, read in slices; damaged records set aside. */
  private async readWhole(id: string): Promise<Assembled> {
    await this.queue.whenIdle(id);
    const assembled = await this.reads.whole(id);
    if (assembled.newer.length > 0) {
      // A newer Parley wrote part of it: stop writing rather than set aside or overwrite it.
      this.faults.report(NEWER_RECORDS, true);
      return assembled;
    }
    if (assembled.damaged.length > 0) {
      await this.aside.setAsideFromRead(id, assembled.damaged, assembled.session !== undefined);
      if (!assembled.session) this.changes.publish({ type: "removed", id });
    }
    return assembled;
  }

  private reportDamaged(records: readonly DamagedRecord[]): void {
    this.faults.report(damagedFault(records));
  }

  private async transactWrite(
    write: WriteOp[] | ((store: IDBObjectStore) => Promise<void>),
    strict = false,
  ): Promise<WriteOutcome> {
    const body = Array.isArray(write) ? (store: IDBObjectStore) => applyOps(store, write) : write;
    try {
      await this.connection.transact("readwrite", body, strict);
      return { ok: true };
    } catch (error) {
      return this.failed(error);
    }
  }

  /** Tells of a failed write; `unsavedId` names a session whose latest state is now only here. */
  private failed(error: unknown, unsavedId?: string): WriteOutcome {
    const { fault, permanent, reported } = failureOf(error);
    if (!permanent && unsavedId !== undefined) this.unsaved.add(unsavedId);
    if (!reported) this.faults.report(fault, permanent);
    return { ok: false, fault };
  }

  private waitForUpgrade(preparing: Promise<void>): void {
    this.faults.report(BLOCKED);
    preparing.then(
      () => {
        if (this.faults.fault === BLOCKED) this.faults.clear();
      },
      (error: unknown) => this.faults.report(failureOf(error).fault, true),
    );
  }

  private askPersistence(): void {
    if (this.persistenceAsked) return;
    this.persistenceAsked = true;
    void this.options.storage?.persist?.().catch(() => false);
  }

  private nowIso(): string {
    return new Date((this.options.now ?? Date.now)()).toISOString();
  }
}
