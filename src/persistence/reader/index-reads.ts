import type { Connection } from "../database/idb-connection.ts";
import { type IndexResult, loadIndex } from "./load-index.ts";

/**
 * The reads of the index (the list of sessions) that `load` takes. With `prefetch` the first read
 * starts at once: the page opens the repository before most of its code is evaluated, so the list
 * is read while that code runs and the first screen renders, not after.
 */
export class IndexReads {
  private prefetched: Promise<IndexResult> | undefined;

  constructor(
    private readonly connection: Connection,
    private readonly nowIso: () => string,
    private readonly options: { preparing?: Promise<void> | undefined; prefetch?: boolean },
  ) {
    if (!options.prefetch) return;
    this.prefetched = this.read();
    // Its failure is the taker's to report.
    this.prefetched.catch(() => undefined);
  }

  /** The read started at construction, the first time; a new read after that. */
  take(): Promise<IndexResult> {
    const read = this.prefetched ?? this.read();
    this.prefetched = undefined;
    return read;
  }

  private read(): Promise<IndexResult> {
    const read = () => loadIndex(this.connection, this.nowIso());
    return this.options.preparing ? this.options.preparing.then(read) : read();
  }
}
