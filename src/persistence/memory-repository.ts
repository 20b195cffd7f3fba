import {
  type DiskMessage,
  type DiskSession,
  restore,
  snapshot,
  snapshotMessage,
} from "../core/codec/index.ts";
import { canContinue, type Message } from "../core/message.ts";
import type { Session } from "../core/session.ts";
import { summarize } from "../core/session-summary.ts";
import { showFolded } from "../core/tree.ts";
import { FaultHub } from "./faults.ts";
import type {
  DamagedRecord,
  LoadResult,
  OpenOptions,
  SaveManyOptions,
  SessionChange,
  SessionRepository,
  SessionSource,
  SessionSummary,
  StorageFault,
  StorageInfo,
  WriteOutcome,
} from "./repository.ts";
import { RepositoryBase } from "./repository-base.ts";
import { ChangeFeed } from "./tabs/change-feed.ts";
import { changedMessages, touchedBy } from "./writer/session-change.ts";

/**
 * Sessions kept in this tab's memory, through the same disk codec as IndexedDB. Used by tests,
 * and by the app when IndexedDB is unavailable (then `fault` says that nothing is saved).
 */
export class MemorySessionRepository extends RepositoryBase implements SessionRepository {
  private readonly sessions = new Map<string, ReturnType<typeof snapshot>>();
  private readonly checkpoints = new Map<string, DiskMessage>();
  /** What imports stored, as the summary records of IndexedDB keep it: until the next write. */
  private readonly fingerprints = new Map<string, string>();
  private loadCalled = false;
  /** Writes seen, for tests that check when and what the store saved. */
  readonly writes: Array<{
    type: "save" | "remove" | "checkpoint";
    id: string;
    change?: SessionChange;
  }> = [];

  constructor(options: { sessions?: Session[]; fault?: StorageFault } = {}) {
    super(new ChangeFeed(), new FaultHub(options.fault));
    for (const s of options.sessions ?? []) this.sessions.set(s.id, snapshot(s));
  }

  async load(): Promise<LoadResult> {
    this.loadCalled = true;
    const summaries: SessionSummary[] = [];
    for (const id of this.sessions.keys()) {
      const summary = await this.readSummary(id);
      if (summary) summaries.push(summary);
    }
    return { summaries, damaged: [] };
  }

  async readSummary(id: string): Promise<SessionSummary | undefined> {
    const disk = this.sessions.get(id);
    const restored = disk ? restore(disk) : undefined;
    if (!restored?.ok) return undefined;
    return summarize(restored.session);
  }

  async open(id: string, options: OpenOptions = {}): Promise<Session | undefined> {
    const disk = this.sessions.get(id);
    if (!disk) return undefined;
    const partial = options.live === true ? undefined : this.checkpoints.get(id);
    const withPartial = partial ? withCheckpoint(disk, partial) : disk;
    const restored = restore(withPartial);
    return restored.ok ? showFolded(restored.session) : undefined;
  }

  read(id: string): Promise<Session | undefined> {
    return this.open(id);
  }

  release(_id: string): void {}

  async openRecent(id: string, count: number): Promise<Session | undefined> {
    const session = await this.open(id);
    return session && { ...session, messages: session.messages.slice(-count) };
  }

  async save(session: Session, change: SessionChange): Promise<WriteOutcome> {
    this.assertLoaded();
    this.writes.push({ type: "save", id: session.id, change });
    const stored = this.sessions.get(session.id)?.messages.length;
    this.sessions.set(session.id, snapshot(session));
    this.fingerprints.delete(session.id);
    const partial = this.checkpoints.get(session.id);
    if (partial && session.messages.some((m) => m.id === partial.id))
      this.checkpoints.delete(session.id);
    // What changed is as `change` says: this repository keeps no base to merge against.
    const changed = changedMessages(touchedBy(change, session), session.messages.length, stored);
    this.changes.publish(
      { type: "saved", id: session.id, revision: session.revision },
      false,
      changed,
    );
    return { ok: true };
  }

  async saveMany(sessions: SessionSource, options: SaveManyOptions = {}): Promise<WriteOutcome> {
    this.assertLoaded();
    let written = 0;
    for (const session of sessions) {
      await this.save(session, { kind: "whole" });
      const fingerprint = options.fingerprints?.get(session.id);
      if (fingerprint !== undefined) this.fingerprints.set(session.id, fingerprint);
      options.onProgress?.(++written, sessions.length);
    }
    return { ok: true };
  }

  async contentFingerprints(ids: readonly string[]): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    for (const id of ids) {
      const fingerprint = this.fingerprints.get(id);
      if (fingerprint !== undefined) found.set(id, fingerprint);
    }
    return found;
  }

  async checkpoint(sessionId: string, message: Message | null): Promise<WriteOutcome> {
    this.assertLoaded();
    this.writes.push({ type: "checkpoint", id: sessionId });
    if (message && !this.sessions.has(sessionId)) return { ok: true };
    if (message)
      this.checkpoints.set(sessionId, snapshotMessage({ ...message, status: "interrupted" }));
    else this.checkpoints.delete(sessionId);
    return { ok: true };
  }

  async remove(id: string): Promise<WriteOutcome> {
    this.assertLoaded();
    this.writes.push({ type: "remove", id });
    this.sessions.delete(id);
    this.checkpoints.delete(id);
    this.fingerprints.delete(id);
    this.changes.publish({ type: "removed", id });
    return { ok: true };
  }

  async flush(_options?: { leaving?: boolean }): Promise<void> {}

  async damaged(): Promise<DamagedRecord[]> {
    return [];
  }

  async discardDamaged(): Promise<WriteOutcome> {
    return { ok: true };
  }

  async storageInfo(): Promise<StorageInfo> {
    return { persistent: false, saving: !this.faults.blocked };
  }

  private assertLoaded(): void {
    if (!this.loadCalled) throw this.writeBeforeLoad();
  }
}

/**
 * The stored session with its checkpoint: a new answer after the rest, or an answer being
 * continued replaced by its grown partial, as the IndexedDB reader folds them.
 */
function withCheckpoint(disk: DiskSession, partial: DiskMessage): DiskSession {
  const at = disk.messages.findIndex((m) => m.id === partial.id);
  if (at < 0) return { ...disk, messages: [...disk.messages, partial] };
  const held = disk.messages[at];
  const grown =
    held !== undefined &&
    canContinue({ ...held, toolCalls: held.tool_calls }) &&
    partial.content.length > held.content.length;
  if (!grown) return disk;
  const messages = disk.messages.slice();
  messages[at] = partial;
  return { ...disk, messages };
}
