import type { SessionSource } from "../../persistence/repository.ts";
import { LazyService } from "../lazy-service.ts";
import type { ImportService, ImportSnapshot } from "./import-service.ts";
import type { ImportCommit, ImportOptions } from "./import-write.ts";
import { refusedPlan } from "./plan-views.ts";

/** What the app does with imports: the import service's own controls. */
export type ImportControl = Pick<
  ImportService,
  | "subscribe"
  | "getSnapshot"
  | "start"
  | "choose"
  | "commit"
  | "cancel"
  | "dismissOthers"
  | "close"
  | "write"
  | "storedFingerprints"
  | "dispose"
>;

const IDLE: ImportSnapshot = { view: { step: "idle" }, others: [] };

/**
 * The import service, loaded when the first files are dropped, pasted or chosen: its planners,
 * readers and comparisons run only then, so they stay out of the JavaScript the page starts with.
 * Until it has arrived the snapshot is this facade's own (idle, or the files refused when the
 * service could not be loaded).
 */
export class LazyImport implements ImportControl {
  private readonly lazy: LazyService<ImportService>;
  private snapshot: ImportSnapshot = IDLE;
  private disposed = false;

  constructor(load: () => Promise<ImportService>) {
    this.lazy = new LazyService(load);
  }

  readonly subscribe = (listener: () => void): (() => void) => this.lazy.subscribe(listener);

  private get service(): ImportService | undefined {
    return this.lazy.current;
  }

  readonly getSnapshot = (): ImportSnapshot => this.service?.getSnapshot() ?? this.snapshot;

  async start(chosen: readonly File[]): Promise<void> {
    if (chosen.length === 0) return;
    let service: ImportService;
    try {
      service = await this.lazy.loaded();
    } catch {
      if (this.disposed) return;
      this.snapshot = { view: { step: "planned", plan: refusedPlan(chosen) }, others: [] };
      this.lazy.emit();
      return;
    }
    if (!this.disposed) await service.start(chosen);
  }

  choose(...args: Parameters<ImportService["choose"]>): void {
    this.service?.choose(...args);
  }

  commit(): Promise<void> {
    return this.service?.commit() ?? Promise.resolve();
  }

  cancel(): void {
    if (this.service) this.service.cancel();
    else if (this.snapshot !== IDLE) {
      this.snapshot = IDLE;
      this.lazy.emit();
    }
  }

  dismissOthers(): void {
    this.service?.dismissOthers();
  }

  close(): void {
    this.service?.close();
  }

  async write(sessions: SessionSource, options?: ImportOptions): Promise<ImportCommit> {
    return (await this.lazy.loaded()).write(sessions, options);
  }

  async storedFingerprints(ids: readonly string[]): Promise<ReadonlyMap<string, string>> {
    return (await this.lazy.loaded()).storedFingerprints(ids);
  }

  dispose(): void {
    this.disposed = true;
    this.service?.dispose();
    this.lazy.clear();
  }
}
