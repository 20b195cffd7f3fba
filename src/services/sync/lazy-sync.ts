import { LazyService } from "../lazy-service.ts";
import type { SyncSettings } from "./sync-ports.ts";
import type { SyncService } from "./sync-service.ts";
import type { SyncStatus } from "./sync-status.ts";

/** What the app does with sync: the service's own controls. */
export type SyncControl = Pick<
  SyncService,
  | "getStatus"
  | "subscribe"
  | "start"
  | "pause"
  | "resume"
  | "retryNow"
  | "stop"
  | "settled"
  | "dispose"
>;

/**
 * Sync's service, loaded when the person turns sync on: its secrets live in memory only, so
 * every page starts with sync off, and the service (replication, sealing, the outbox and inbox)
 * is code most pages never run. Until then the status is this facade's own.
 */
export class LazySync implements SyncControl {
  private readonly lazy: LazyService<SyncService>;
  private status: SyncStatus = { state: "off" };
  private generation = 0;

  constructor(load: () => Promise<SyncService>) {
    this.lazy = new LazyService(load);
  }

  private get service(): SyncService | undefined {
    return this.lazy.current;
  }

  getStatus(): SyncStatus {
    return this.service?.getStatus() ?? this.status;
  }

  subscribe(listener: () => void): () => void {
    return this.lazy.subscribe(listener);
  }

  async start(settings: SyncSettings): Promise<void> {
    const generation = ++this.generation;
    if (!this.service) this.setOwn({ state: "unlocking" });
    let service: SyncService;
    try {
      service = await this.lazy.loaded();
    } catch {
      if (generation === this.generation) this.setOwn({ state: "failed", code: "failed" });
      return;
    }
    if (generation === this.generation) await service.start(settings);
  }

  pause(): void {
    this.service?.pause();
  }

  resume(): void {
    this.service?.resume();
  }

  retryNow(): void {
    this.service?.retryNow();
  }

  stop(): void {
    this.generation++;
    if (this.service) this.service.stop();
    else if (this.status.state !== "off") this.setOwn({ state: "off" });
  }

  settled(): Promise<void> {
    return this.service?.settled() ?? Promise.resolve();
  }

  dispose(): void {
    this.generation++;
    this.service?.dispose();
    this.lazy.clear();
  }

  private setOwn(status: SyncStatus): void {
    this.status = status;
    this.lazy.emit();
  }
}
