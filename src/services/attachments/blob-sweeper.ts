import type { Session } from "../../core/session.ts";
import type { BlobStore } from "../../persistence/repository.ts";
import type { StateAccess } from "../../store/app-state.ts";

export interface BlobSweeperPorts {
  blobs: BlobStore;
  /** The sessions by id, from memory or storage. */
  readMany(ids: readonly string[]): Promise<Session[]>;
  /** Hashes this page stored or still shows in a composer: never swept while the page lives. */
  held(): Iterable<string>;
}

/** Sessions read at a time, so a large store is never held whole. */
const READ_BATCH = 100;

function addHashes(into: Set<string>, session: Session): void {
  for (const m of session.messages) for (const a of m.attachments ?? []) into.add(a.hash);
}

/**
 * Deletes attachment bytes no message refers to any more. Run when a deletion is written (its
 * Undo no longer offered), it reads every conversation, so it runs seldom and never at start.
 * A hash this page stored is kept whatever: between Send and the commit of the message, or
 * while a file waits in a composer, no stored message names it yet.
 */
export class BlobSweeper {
  private running: Promise<number> | null = null;

  constructor(
    private readonly access: StateAccess,
    private readonly ports: BlobSweeperPorts,
  ) {}

  /** Removes the unreferenced blobs; resolves with how many. One sweep runs at a time. */
  sweep(): Promise<number> {
    this.running ??= this.run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async run(): Promise<number> {
    const stored = await this.ports.blobs.hashes();
    if (stored.length === 0) return 0;
    const keep = new Set(this.ports.held());
    const state = this.access.getState();
    if (state.lastDeleted) addHashes(keep, state.lastDeleted);
    const ids = Object.keys(state.summaries);
    for (let start = 0; start < ids.length; start += READ_BATCH)
      for (const session of await this.ports.readMany(ids.slice(start, start + READ_BATCH)))
        addHashes(keep, session);
    let removed = 0;
    for (const hash of stored) {
      if (keep.has(hash)) continue;
      if ((await this.ports.blobs.remove(hash)).ok) removed++;
    }
    return removed;
  }
}
