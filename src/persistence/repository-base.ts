import type { FaultHub } from "./faults.ts";
import type { AnnouncedChange, RepositoryChange, StorageFault } from "./repository.ts";
import type { ChangeFeed } from "./tabs/change-feed.ts";

/** What every session repository tells its listeners: committed changes and the storage fault in force. */
export abstract class RepositoryBase {
  protected constructor(
    protected readonly changes: ChangeFeed,
    protected readonly faults: FaultHub,
  ) {}

  subscribe(listener: (change: RepositoryChange) => void): () => void {
    return this.changes.subscribe(listener);
  }

  subscribeFaults(listener: (fault: StorageFault | null) => void): () => void {
    return this.faults.subscribe(listener);
  }

  announce(change: AnnouncedChange): void {
    this.changes.publish(change);
  }

  currentFault(): StorageFault | null {
    return this.faults.fault;
  }

  /** The error of a write asked for before the first `load()`, which must come first. */
  protected writeBeforeLoad(): Error {
    return new Error("The repository was asked to write before load(): call load() first.");
  }
}
