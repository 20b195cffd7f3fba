import type { Clock } from "../../core/env.ts";
import type { DamagedRecord, SessionRepository } from "../../persistence/repository.ts";
import type { StateAccess } from "../../store/app-state.ts";
import { isLive } from "../../store/selectors.ts";
import { browserTimers, type Timers } from "../ports.ts";
import type { RunCoordinator } from "../runs/run-coordinator.ts";
import { withoutSessions } from "../sessions/drop-sessions.ts";
import type { SettingsService } from "../settings/settings-service.ts";
import { staleSessions } from "./auto-delete.ts";

const AUTO_DELETE_EVERY_MS = 60 * 60 * 1000;

export interface StorageMonitorPorts {
  repository: SessionRepository;
  settings: Pick<SettingsService, "sync">;
  runs: Pick<RunCoordinator, "flushCheckpoints" | "stopAll">;
  clock: Clock;
  timers?: Timers | undefined;
}

/**
 * What the user must know of storage, and what keeps it tidy: the fault in force, usage figures,
 * the records set aside as damaged, the auto-delete of old conversations (once loaded, when the
 * setting changes, then every hour), and the flush when the page is hidden or left.
 */
export class StorageMonitor {
  private readonly stops: Array<() => void> = [];
  private autoDeleteTimer: unknown;
  private readonly timers: Timers;

  constructor(
    private readonly access: StateAccess,
    private readonly ports: StorageMonitorPorts,
  ) {
    this.timers = ports.timers ?? browserTimers;
    this.stops.push(
      ports.repository.subscribeFaults((storageFault) => access.setState({ storageFault })),
      access.subscribe((state, previous) => {
        const changed = state.settings.autoDeleteDays !== previous.settings.autoDeleteDays;
        if (state.ready && (!previous.ready || changed)) this.scheduleAutoDelete();
      }),
    );
  }

  async refreshInfo(): Promise<void> {
    this.access.setState({ storageInfo: await this.ports.repository.storageInfo() });
  }

  /** Reads the records set aside (for Settings and for their download). */
  async loadDamaged(): Promise<DamagedRecord[]> {
    const damagedRecords = await this.ports.repository.damaged();
    this.access.setState({ damagedRecords });
    return damagedRecords;
  }

  async discardDamaged(key: string): Promise<void> {
    await this.ports.repository.discardDamaged(key);
    this.access.setState((s) => ({
      damagedRecords: s.damagedRecords.filter((d) => d.key !== key),
    }));
  }

  /** Hides the fault shown; one that lasts (nothing saved, outdated, blocked) stays. */
  dismissFault(): void {
    const fault = this.access.getState().storageFault;
    if (fault && !["unavailable", "outdated", "blocked"].includes(fault.kind))
      this.access.setState({ storageFault: null });
  }

  /**
   * The page is being hidden: write waiting checkpoints and queued writes now. When it is being
   * left (`leaving`), runs are stopped too, so their answers are kept as interrupted rather than
   * cut off by the closing connection as errors.
   */
  async flush(leaving = false): Promise<void> {
    this.ports.runs.flushCheckpoints();
    const flushed = this.ports.repository.flush({ leaving });
    if (leaving) this.ports.runs.stopAll();
    await flushed;
  }

  /** Deletes conversations untouched for longer than the auto-delete setting (pinned kept). */
  async autoDelete(): Promise<number> {
    // Another tab may have turned it off since this one last heard.
    this.ports.settings.sync();
    const state = this.access.getState();
    const stale = staleSessions(
      Object.values(state.summaries),
      state.settings.autoDeleteDays,
      this.ports.clock.now(),
      (id) => isLive(state, id),
    );
    if (stale.length === 0) return 0;
    this.access.setState((s) => withoutSessions(s, stale));
    await Promise.all(stale.map((id) => this.ports.repository.remove(id)));
    return stale.length;
  }

  dispose(): void {
    for (const stop of this.stops.splice(0)) stop();
    this.timers.clearTimeout(this.autoDeleteTimer);
  }

  private scheduleAutoDelete(): void {
    void this.autoDelete();
    this.timers.clearTimeout(this.autoDeleteTimer);
    this.autoDeleteTimer = undefined;
    if (this.access.getState().settings.autoDeleteDays > 0)
      this.autoDeleteTimer = this.timers.setTimeout(
        () => this.scheduleAutoDelete(),
        AUTO_DELETE_EVERY_MS,
      );
  }
}
