import type { Assembled } from "../reader/assemble.ts";
import type { ChangeFeed } from "../tabs/change-feed.ts";
import type { Known } from "./save-plan.ts";
import { type Effect, type Intent, mergeIntents } from "./write-intent.ts";

/**
 * What the repository knows of the sessions it opened or saved: the version the store's next
 * save is made from (the base of a three-way merge) and the checkpoint this tab wrote last.
 * Sessions the store let go of are forgotten once their queued writes are done.
 */
export class SessionBases {
  readonly known = new Map<string, Known>();
  readonly ownCheckpoints = new Map<string, string>();
  /** Sessions the store let go of, forgotten when their writes are done unless used meanwhile. */
  private readonly releasing = new Set<string>();
  /** The last failed save of each session, written with its next save. */
  private readonly owed = new Map<string, Intent>();

  constructor(private readonly changes: ChangeFeed) {}

  /** The store holds what `open` read; a later release no longer applies. */
  opened(id: string, assembled: Assembled): void {
    this.releasing.delete(id);
    if (!assembled.session) {
      this.known.delete(id);
      return;
    }
    this.known.set(id, {
      lineage: assembled.session,
      disk: assembled.session,
      stored: assembled.stored,
      ...(assembled.checkpoint !== undefined ? { checkpoint: assembled.checkpoint } : {}),
    });
  }

  /** A save is coming for the session: keep its base. */
  saving(id: string): void {
    this.releasing.delete(id);
  }

  /** Forgets the session's base once `idle` settles, unless it is opened or saved before. */
  release(id: string, idle: Promise<void>): void {
    if (!this.known.has(id) || this.releasing.has(id)) return;
    this.releasing.add(id);
    void idle.then(() => {
      if (this.releasing.delete(id)) this.known.delete(id);
    });
  }

  /**
   * A save that failed stays owed: the next save of the session was made from it, so it says
   * only what changed since, and the two are written as one.
   */
  owe(id: string, intent: Intent): void {
    if (!intent.session || intent.remove) return;
    const { session, touched, strict } = intent;
    this.owed.set(id, { remove: false, session, strict, ...(touched ? { touched } : {}) });
  }

  /** `intent`, with the save owed before it when it writes the session. */
  withOwed(id: string, intent: Intent): Intent {
    const owed = this.owed.get(id);
    if (!owed || !(intent.session || intent.remove)) return intent;
    this.owed.delete(id);
    return intent.remove ? intent : mergeIntents(owed, intent);
  }

  forget(id: string): void {
    this.known.delete(id);
  }

  /** Records a finished write and tells the other tabs; true when a saved session has messages. */
  apply(id: string, effect: Effect): boolean {
    if (effect.removed) {
      this.known.delete(id);
      this.ownCheckpoints.delete(id);
    }
    if (effect.checkpoint === null) this.ownCheckpoints.delete(id);
    else if (effect.checkpoint !== undefined) this.ownCheckpoints.set(id, effect.checkpoint);
    if (effect.removedElsewhere) {
      this.known.delete(id);
      this.changes.publish({ type: "removed", id });
    } else if (effect.removed && !effect.saved) {
      this.changes.publish({ type: "removed", id });
    }
    if (!effect.saved) return false;
    const previous = this.known.get(id)?.disk;
    this.known.set(id, effect.saved);
    const { disk } = effect.saved;
    if (previous !== disk || effect.removed)
      this.changes.publish(
        { type: "saved", id, revision: disk.revision },
        effect.merged,
        effect.removed ? undefined : effect.changed,
      );
    return disk.messages.length > 0;
  }
}
