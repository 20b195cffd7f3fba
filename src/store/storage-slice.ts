import type { StateCreator } from "zustand";
import { cutTo } from "../core/agent/answer.ts";
import { LIMITS } from "../core/codec/limits.ts";
import { isoTime, type Session } from "../core/session.ts";
import type {
  DamagedRecord,
  RunClaim,
  StorageFault,
  StorageInfo,
} from "../persistence/repository.ts";
import type { AppState } from "./app-state.ts";
import { staleSessions } from "./auto-delete.ts";
import { Checkpointer } from "./checkpoint.ts";
import { reconcile } from "./cross-tab.ts";
import type { StoreDeps } from "./deps.ts";
import { withoutSessions } from "./drop-sessions.ts";

/** A stored record that could not be read, kept aside with its raw data. */
export type SetAsideRecord = DamagedRecord;

export interface StorageSlice {
  /** The storage trouble to show (a banner or an alert), or null. */
  storageFault: StorageFault | null;
  /** Sessions generating in another tab: shown as generating, no run starts in them here. */
  remoteRuns: Record<string, true>;
  storageInfo: StorageInfo | null;
  damagedRecords: DamagedRecord[];
  /** The newest messages of long sessions being opened, shown until their bodies are read. Read-only. */
  previews: Record<string, Session>;
  /** Reads the newest messages of a long session so they paint before the whole session is read. */
  previewSession(id: string): Promise<void>;
  refreshStorageInfo(): Promise<void>;
  /** Reads the records set aside (for Settings and for their download). */
  loadDamaged(): Promise<DamagedRecord[]>;
  discardDamaged(key: string): Promise<void>;
  dismissStorageFault(): void;
  /** Claims a session for a run in this tab; undefined (with a failure to show) when another tab runs it. */
  claimRun(sessionId: string): Promise<RunClaim | undefined>;
  /** The running answer grew: keep it on disk (at most about once a second). */
  checkpointRun(sessionId: string): void;
  /** The run ended; its checkpoint is no longer needed. */
  endCheckpoint(sessionId: string): void;
  /**
   * The page is being hidden: write waiting checkpoints and queued writes now. When it is being
   * left (`leaving`), runs are stopped too, so their answers are kept as interrupted rather than
   * cut off by the closing connection as errors.
   */
  flushStorage(leaving?: boolean): Promise<void>;
  /** Deletes conversations untouched for longer than the auto-delete setting (pinned kept). */
  autoDelete(): Promise<number>;
}

/** Long sessions paint their newest messages first; this many are read for the preview. */
const PREVIEW_MESSAGES = 80;
const ANSWERING_ELSEWHERE =
  "This conversation is answering in another tab. Wait for it to finish there, or stop it there.";
const AUTO_DELETE_EVERY_MS = 60 * 60 * 1000;

const noClaim: RunClaim = { release() {} };

export const createStorageSlice =
  (deps: StoreDeps): StateCreator<AppState, [], [], StorageSlice> =>
  (set, get, api) => {
    const { repository } = deps;
    const checkpoints = new Checkpointer(
      (id, message) => void repository.checkpoint(id, message),
      deps.timers,
    );
    repository.subscribe((change) => {
      if (get().ready) void reconcile(change, repository, get, set);
    });
    repository.subscribeFaults((storageFault) => set({ storageFault }));
    const readAfterRemoteRun = async (id: string) => {
      const body = get().bodies[id];
      if (!body || get().runs[id]) return;
      const fresh = await repository.open(id);
      if (!fresh || get().bodies[id] !== body) return;
      set((s) => ({ bodies: { ...s.bodies, [id]: fresh } }));
    };
    let elsewhere: ReadonlySet<string> = new Set();
    deps.runLocks?.subscribe((ids) => {
      const ended = [...elsewhere].filter((id) => !ids.has(id));
      elsewhere = new Set(ids);
      set({ remoteRuns: Object.fromEntries([...ids].map((id) => [id, true as const])) });
      // Opened while live there, so without its checkpoint: a run that ended uncommitted shows now.
      for (const id of ended) void readAfterRemoteRun(id);
    });
    api.subscribe((state) => {
      const shown = Object.keys(state.previews).filter((id) => state.bodies[id]);
      if (shown.length === 0) return;
      const previews = { ...state.previews };
      for (const id of shown) delete previews[id];
      set({ previews });
    });
    let autoDeleteTimer: ReturnType<typeof setInterval> | undefined;
    api.subscribe((state, previous) => {
      const days = state.settings.autoDeleteDays;
      const changed = days !== previous.settings.autoDeleteDays;
      if (!(state.ready && (!previous.ready || changed))) return;
      void get().autoDelete();
      if (autoDeleteTimer !== undefined) clearInterval(autoDeleteTimer);
      autoDeleteTimer =
        days > 0 ? setInterval(() => void get().autoDelete(), AUTO_DELETE_EVERY_MS) : undefined;
    });

    return {
      storageFault: repository.currentFault(),
      remoteRuns: {},
      storageInfo: null,
      damagedRecords: [],
      previews: {},

      async previewSession(id) {
        const count = get().summaries[id]?.messageCount ?? 0;
        if (count <= PREVIEW_MESSAGES || get().bodies[id]) return;
        const preview = await repository.openRecent(id, PREVIEW_MESSAGES);
        if (!preview || get().bodies[id]) return;
        set((s) => ({ previews: { ...s.previews, [id]: preview } }));
      },

      async refreshStorageInfo() {
        set({ storageInfo: await repository.storageInfo() });
      },

      async loadDamaged() {
        const damagedRecords = await repository.damaged();
        set({ damagedRecords });
        return damagedRecords;
      },

      async discardDamaged(key) {
        await repository.discardDamaged(key);
        set((s) => ({ damagedRecords: s.damagedRecords.filter((d) => d.key !== key) }));
      },

      dismissStorageFault() {
        const fault = get().storageFault;
        if (fault && !["unavailable", "outdated", "blocked"].includes(fault.kind))
          set({ storageFault: null });
      },

      async claimRun(sessionId) {
        if (!deps.runLocks) return noClaim;
        const claim = await deps.runLocks.claim(sessionId);
        if (!claim && !get().runs[sessionId])
          set((s) => ({
            failures: {
              ...s.failures,
              [sessionId]: {
                message: ANSWERING_ELSEWHERE,
                retryable: true,
                kind: "answering_elsewhere",
              },
            },
          }));
        return claim;
      },

      checkpointRun(sessionId) {
        const run = get().runs[sessionId];
        if (!run?.streaming) return;
        checkpoints.note(sessionId, {
          id: run.streaming.messageId,
          role: "assistant",
          // Cut as the finished answer would be, so the checkpoint always reads back.
          content: cutTo(run.streaming.text, LIMITS.content),
          createdAt: isoTime(run.startedAt),
          agent: cutTo(run.agent, LIMITS.name),
          model: cutTo(run.model, LIMITS.name),
          status: "interrupted",
        });
      },

      endCheckpoint(sessionId) {
        checkpoints.end(sessionId);
      },

      async flushStorage(leaving = false) {
        checkpoints.flushNow();
        const flushed = repository.flush({ leaving });
        if (leaving) for (const run of Object.values(get().runs)) run.controller.abort();
        await flushed;
      },

      async autoDelete() {
        // Another tab may have turned it off since this one last heard.
        get().syncSettings();
        const { summaries, runs, remoteRuns, settings } = get();
        const stale = staleSessions(
          Object.values(summaries),
          settings.autoDeleteDays,
          deps.env.clock.now(),
          (id) => Boolean(runs[id] || remoteRuns[id]),
        );
        if (stale.length === 0) return 0;
        set((s) => withoutSessions(s, stale));
        await Promise.all(stale.map((id) => repository.remove(id)));
        return stale.length;
      },
    };
  };
