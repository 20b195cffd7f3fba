import type { CoreEnv } from "../../core/env.ts";
import { newId } from "../../core/id.ts";
import type { Result } from "../../core/result.ts";
import { isoTime, type Session } from "../../core/session.ts";
import {
  failedCommitReport,
  type ImportReport,
  type ResolvedImport,
  resolvePlan,
  sessionsToWrite,
} from "../../interop/commit-plan.ts";
import { compareWithStored } from "../../interop/compare-stored.ts";
import type { OutlineResult } from "../../interop/conversation-outline.ts";
import type { EncodedSessions } from "../../interop/encoded-sessions.ts";
import type { VerifiedBlob } from "../../interop/import-attachments.ts";
import {
  type ConflictChoice,
  chooseForAllConflicts,
  chooseForConflict,
  type ExistingSession,
  type ImportPlan,
  planImport,
} from "../../interop/import-plan.ts";
import type { WorkerMessageInvalid } from "../../interop/import-worker-messages.ts";
import type { FileProgress } from "../../interop/read-files.ts";
import type { ImportProgress } from "../../interop/read-import-file.ts";
import { type OtherFile, sortImportFiles } from "../../interop/sort-import-files.ts";
import type {
  BlobStore,
  SessionRepository,
  SessionSource,
  StorageFault,
} from "../../persistence/repository.ts";
import type { StateAccess } from "../../store/app-state.ts";
import {
  type ImportCommit,
  type ImportFailure,
  type ImportOptions,
  writeImport,
} from "./import-write.ts";
import { refusedPlan, withOthers } from "./plan-views.ts";

/** Reading the files in the worker, then comparing them with what Parley holds. */
export type ReadingProgress = ImportProgress | { phase: "comparing"; done: number; total: number };

/** The commit: the sessions come from the worker, then they are written. */
export interface CommitProgress {
  phase: "receiving" | "saving";
  done: number;
  total: number;
}

export type ImportView =
  | { step: "idle" }
  | { step: "reading"; fileName: string; progress: ReadingProgress }
  | { step: "planned"; plan: ImportPlan }
  | { step: "committing"; plan: ImportPlan; progress: CommitProgress }
  | { step: "done"; plan: ImportPlan; report: ImportReport; error: ImportFailure | null };

/** What the import shows: its step, and the files of the last choice that are no chat exports. */
export interface ImportSnapshot {
  view: ImportView;
  /** Files of the last drop, paste or choice that are no chat exports, when it held nothing else. */
  others: OtherFile[];
}

/** Reads the files and keeps the converted sessions until the commit asks for them (the import worker). */
export interface ImportReader {
  /** The outlines of what the files hold; `worker_message_invalid` when the reader sent something else. */
  read(
    files: readonly File[],
    now: string,
    onProgress: FileProgress,
  ): Promise<Result<OutlineResult[], WorkerMessageInvalid>>;
  /**
   * The sessions with these outline numbers, with the checked bytes they name and `restores`';
   * `conversations_gone` when some of them are no longer held.
   */
  sessions(
    indexes: readonly number[],
    onProgress: (done: number, total: number) => void,
    restores?: readonly string[],
  ): Promise<Result<EncodedSessions, { code: "conversations_gone" } | WorkerMessageInvalid>>;
  close(): void;
}

export interface ImportServicePorts {
  repository: SessionRepository;
  env: CoreEnv;
  readMany(ids: readonly string[]): Promise<Session[]>;
  openReader(): ImportReader;
  /** Where the imported attachments' bytes are stored, by hash. */
  blobs: Pick<BlobStore, "put" | "hashes">;
  /** Waits for the next task, so the page paints in between. */
  nextTask(): Promise<void>;
}

/**
 * The import flow: read files in the worker, plan against what Parley holds from the worker's
 * outlines, then fetch the chosen sessions from the worker and commit them all or nothing.
 */
export class ImportService {
  private snapshot: ImportSnapshot = { view: { step: "idle" }, others: [] };
  private readonly listeners = new Set<() => void>();
  private existing: ReadonlyMap<string, ExistingSession> = new Map();
  private reader: ImportReader | null = null;

  constructor(
    private readonly access: StateAccess,
    private readonly ports: ImportServicePorts,
  ) {}

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): ImportSnapshot => this.snapshot;

  async start(chosen: readonly File[]): Promise<void> {
    if (chosen.length === 0) return;
    const { exports: files, others } = await sortImportFiles(chosen);
    this.update({ others: files.length === 0 ? others : [] });
    if (files.length === 0) return;
    this.close();
    const reader = this.ports.openReader();
    this.reader = reader;
    const current = () => this.reader === reader;
    const show = (view: ImportView) => this.update({ view });
    show({
      step: "reading",
      fileName: files[0]?.name ?? "",
      progress: { phase: "reading", done: 0, total: 1 },
    });
    try {
      const now = isoTime(this.ports.env.clock.now());
      const read = await reader.read(files, now, (_i, fileName, progress) =>
        show({ step: "reading", fileName, progress }),
      );
      if (!read.ok) {
        if (!current()) return;
        this.close();
        show({ step: "planned", plan: refusedPlan(files, "import-message-invalid") });
        return;
      }
      const results = read.value;
      this.existing = await compareWithStored(
        results,
        {
          summary: (id) => this.access.getState().summaries[id],
          fingerprints: (ids) => this.storedFingerprints(ids),
          read: async (id) => (await this.ports.readMany([id]))[0],
        },
        (done, total) =>
          current() &&
          show({ step: "reading", fileName: "", progress: { phase: "comparing", done, total } }),
      );
      const stored = await this.storedBlobs(results);
      if (current())
        show({
          step: "planned",
          plan: withOthers(planImport(results, this.existing, stored), others),
        });
    } catch {
      if (!current()) return;
      this.close();
      show({ step: "planned", plan: refusedPlan(files) });
    }
  }

  /** What to do with one conflict (`key`), or with every conflict (`null`). */
  choose(key: string | null, choice: ConflictChoice): void {
    const { view } = this.snapshot;
    if (view.step !== "planned") return;
    const plan =
      key === null
        ? chooseForAllConflicts(view.plan, choice)
        : chooseForConflict(view.plan, key, choice);
    this.update({ view: { ...view, plan } });
  }

  async commit(): Promise<void> {
    const { view } = this.snapshot;
    if (view.step !== "planned") return;
    const { plan } = view;
    const source = this.reader;
    const resolved = resolvePlan(plan, this.existing, () => newId(this.ports.env.randomBytes));
    const total = resolved.writes.length;
    const progress = (phase: CommitProgress["phase"]) => (done: number) =>
      this.update({ view: { step: "committing", plan, progress: { phase, done, total } } });
    progress("receiving")(0);
    let error: ImportFailure | null = null;
    try {
      const { restores } = resolved;
      if ((total > 0 || restores.length > 0) && !source) error = { code: "files_closed" };
      else error = await this.receiveAndWrite(source, resolved, progress);
    } catch (thrown) {
      if (thrown instanceof DOMException && thrown.name === "AbortError") return;
      // The worker or the store broke (a bug): nothing was written, and the report says so.
      error = { code: "import_failed" };
    }
    this.close();
    // The sidebar took the new conversations in the last task; the report gets a task of its own.
    await this.ports.nextTask();
    this.update({
      view:
        error === null
          ? { step: "done", plan, report: resolved.report, error: null }
          : { step: "done", plan, report: failedCommitReport(plan, resolved), error },
    });
  }

  /** Takes the planned sessions from the reader, stores their attachments, then writes them. */
  private async receiveAndWrite(
    source: ImportReader | null,
    resolved: ResolvedImport,
    progress: (phase: CommitProgress["phase"]) => (done: number) => void,
  ): Promise<ImportFailure | null> {
    let bodies: EncodedSessions | Session[] = [];
    if (source) {
      const indexes = resolved.writes.map((w) => w.index);
      const received = await source.sessions(indexes, progress("receiving"), resolved.restores);
      if (!received.ok) return received.error;
      bodies = received.value;
    }
    this.close();
    progress("saving")(0);
    const fault = await this.storeBlobs("blobs" in bodies ? bodies.blobs : []);
    if (fault) return { code: "not_imported", fault };
    const result = await this.write(sessionsToWrite(resolved.writes, bodies), {
      fingerprints: new Map(resolved.writes.map((w) => [w.id, w.fingerprint])),
      onProgress: progress("saving"),
    });
    return result.ok ? null : result.error;
  }

  /**
   * Stores the checked attachment bytes before the conversations that name them, so none is
   * written naming bytes it should have. A blob already stored is left as it is; bytes stored
   * for an import that then fails name nothing and go with the next sweep.
   */
  private async storeBlobs(blobs: readonly VerifiedBlob[]): Promise<StorageFault | undefined> {
    for (const blob of blobs) {
      const outcome = await this.ports.blobs.put(blob.hash, { mime: blob.mime, bytes: blob.bytes });
      if (!outcome.ok) return outcome.fault;
    }
    return undefined;
  }

  /**
   * The attachment hashes Parley holds bytes of, read only when a conversation Parley holds
   * comes with checked bytes: what tells an identical conversation from one to restore files to.
   */
  private async storedBlobs(results: readonly OutlineResult[]): Promise<ReadonlySet<string>> {
    const carries = results.some(
      (r) =>
        r.ok && r.file.conversations.some((c) => c.carried && this.existing.get(c.id)?.fingerprint),
    );
    return carries ? new Set(await this.ports.blobs.hashes()) : new Set();
  }

  /** Writes the sessions of an import all or nothing (see `writeImport`). */
  write(sessions: SessionSource, options?: ImportOptions): Promise<ImportCommit> {
    return writeImport({ ...this.ports, access: this.access }, sessions, options);
  }

  /** Fingerprints earlier imports stored for these ids, of sessions unchanged since. */
  async storedFingerprints(ids: readonly string[]): Promise<ReadonlyMap<string, string>> {
    return (await this.ports.repository.contentFingerprints?.(ids)) ?? new Map();
  }

  cancel(): void {
    this.close();
    this.update({ view: { step: "idle" } });
  }

  dismissOthers(): void {
    this.update({ others: [] });
  }

  /** Stops the reader (its worker), if one is open. */
  close(): void {
    this.reader?.close();
    this.reader = null;
  }

  dispose(): void {
    this.close();
    this.listeners.clear();
  }

  private update(patch: Partial<ImportSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of [...this.listeners]) listener();
  }
}
