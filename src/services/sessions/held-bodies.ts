import type { SessionRepository, WriteOutcome } from "../../persistence/repository.ts";
import type { StateAccess } from "../../store/app-state.ts";

/**
 * How many conversations besides the open one keep their messages in memory, so that going back
 * to one of them is instant. The rest are read again from storage when opened.
 */
export const RECENT_BODIES = 3;

/**
 * Decides which loaded conversations keep their messages in memory: the open one, those
 * answering, those whose changes are not safely stored yet (a save running, or one that failed:
 * then the body is the only copy of them), and the few used last. Whenever the open
 * conversation, the loaded ones or the runs change, or a save settles, the others are dropped
 * (with previews of conversations no longer open) and released in the repository, so nothing
 * holds their messages any more. They are read again when opened.
 */
export class HeldBodies {
  private recent: string[] = [];
  private readonly pending = new Map<string, number>();
  private readonly unsaved = new Set<string>();
  readonly dispose: () => void;

  constructor(
    private readonly api: StateAccess,
    private readonly repository: Pick<SessionRepository, "release">,
    private readonly size = RECENT_BODIES,
  ) {
    this.dispose = api.subscribe((state, previous) => {
      const switched = state.activeId !== previous.activeId;
      if (switched || state.bodies !== previous.bodies || state.runs !== previous.runs)
        this.trim(switched);
    });
  }

  /** The conversation was opened or created: it counts among the last used. */
  touch(id: string): void {
    if (this.recent[0] === id) return;
    this.recent = [id, ...this.recent.filter((o) => o !== id)].slice(0, this.size + 1);
  }

  /** The body is not stored yet (a new chat): keep it until a save of it succeeds. */
  keepUnsaved(id: string): void {
    this.unsaved.add(id);
  }

  /** Keeps the body while `saved` runs, and after it while the save failed. */
  async whileSaving(id: string, saved: Promise<WriteOutcome>): Promise<WriteOutcome> {
    this.pending.set(id, (this.pending.get(id) ?? 0) + 1);
    try {
      const outcome = await saved;
      if (outcome.ok) this.unsaved.delete(id);
      else this.unsaved.add(id);
      return outcome;
    } finally {
      const left = (this.pending.get(id) ?? 1) - 1;
      if (left > 0) this.pending.set(id, left);
      else this.pending.delete(id);
      this.trim(false);
    }
  }

  private held(id: string): boolean {
    const { activeId, runs } = this.api.getState();
    return (
      id === activeId ||
      id in runs ||
      this.recent.includes(id) ||
      this.pending.has(id) ||
      this.unsaved.has(id)
    );
  }

  private trim(switched: boolean): void {
    const { bodies, previews, activeId } = this.api.getState();
    for (const id of this.unsaved) if (!(id in bodies)) this.unsaved.delete(id);
    const released = Object.keys(bodies).filter((id) => !this.held(id));
    const stale = switched ? Object.keys(previews).filter((id) => id !== activeId) : [];
    if (released.length === 0 && stale.length === 0) return;
    this.api.setState((s) => {
      const kept = { ...s.bodies };
      for (const id of released) delete kept[id];
      const shown = { ...s.previews };
      for (const id of stale) delete shown[id];
      return { bodies: kept, previews: shown };
    });
    for (const id of released) this.repository.release(id);
  }
}
