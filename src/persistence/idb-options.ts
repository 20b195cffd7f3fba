import type { StorageAccess } from "./storage-info.ts";
import type { TabChannel } from "./tabs/change-feed.ts";
import type { Timers } from "./writer/write-queue.ts";
import type { WriteStats } from "./writer/write-stats.ts";

/** How an IndexedDB repository is set up; the app passes the browser's, tests their fakes. */
export interface IdbRepositoryOptions {
  name?: string;
  /** Least time between two writes of one session. */
  throttleMs?: number;
  timers?: Timers;
  channel?: TabChannel;
  storage?: StorageAccess;
  now?: () => number;
  /** Measures every write (the benchmark); costs a JSON serialisation per record. */
  onWrite?: (stats: WriteStats) => void;
  /** Chunks read per transaction when a long session is opened (tests: a few). */
  sliceChunks?: number;
  /** Main-thread time an import spends issuing puts before it lets the page run (tests: 0). */
  sliceMs?: number;
  /**
   * The upgrade of the database, blocked by another tab: until it is done the `blocked` fault is
   * shown and `load` waits for it.
   */
  preparing?: Promise<void>;
  /** The layout this Parley writes (tests of upgrades: the next one). */
  layoutVersion?: number;
}
