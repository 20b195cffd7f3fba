import type { SessionRepository } from "../../persistence/repository.ts";
import type { StateAccess } from "../../store/app-state.ts";
import { neverUsed } from "../../store/selectors.ts";
import { withoutSessions } from "./drop-sessions.ts";
import type { SessionCache } from "./session-cache.ts";

interface TrashPorts {
  repository: SessionRepository;
  sessions: Pick<SessionCache, "commit" | "hold" | "touch">;
  /** Stops the session's run in this tab, if it has one. */
  stopRun(id: string): void;
  /** Called once a deletion is written (the attachment bytes it freed can go). */
  afterRemoved?: () => void;
}

/**
 * Deletes conversations with an Undo. A deletion is written only once its Undo is no longer
 * offered (dismissed, or another conversation deleted), so neither Undo nor a reload before then
 * depends on a write finishing as the page unloads; other tabs are told at once.
 */
export class Trash {
  constructor(
    private readonly access: StateAccess,
    private readonly ports: TrashPorts,
  ) {}

  /** Stops the conversation's run and waits for its answer to be committed, then keeps it for Undo. */
  async delete(id: string): Promise<void> {
    const { getState, setState } = this.access;
    const { repository } = this.ports;
    this.ports.stopRun(id);
    await this.runEnded(id);
    const session = getState().bodies[id] ?? (await repository.read(id));
    const earlier = getState().lastDeleted;
    setState((s) => ({ ...withoutSessions(s, [id]), lastDeleted: session ?? null }));
    repository.announce({ type: "removed", id });
    await Promise.all([
      earlier ? this.removeForGood(earlier.id) : undefined,
      session ? undefined : repository.remove(id),
    ]);
  }

  async undo(): Promise<void> {
    const { getState, setState } = this.access;
    const session = getState().lastDeleted;
    if (!session) return;
    setState({ lastDeleted: null });
    if (neverUsed(session, getState())) this.ports.sessions.hold(session);
    else {
      this.ports.sessions.touch(session.id);
      // Read before it was deleted, so not made from what the store holds now (nothing).
      await this.ports.sessions.commit(session, { kind: "whole" });
      this.ports.repository.announce({
        type: "saved",
        id: session.id,
        revision: session.revision,
      });
    }
    setState({ activeId: session.id });
  }

  /** Undo is no longer offered: the deletion is written. */
  dismiss(): void {
    const deleted = this.access.getState().lastDeleted;
    if (!deleted) return;
    this.access.setState({ lastDeleted: null });
    void this.removeForGood(deleted.id);
  }

  /** One that came back meanwhile (an import of it) is kept. */
  private async removeForGood(id: string): Promise<void> {
    if (this.access.getState().summaries[id]) return;
    const outcome = await this.ports.repository.remove(id);
    if (outcome.ok) this.ports.afterRemoved?.();
  }

  /** Resolves once `id` has no run in this tab (at once when it has none). */
  private runEnded(id: string): Promise<void> {
    return new Promise<void>((resolve) => {
      if (!this.access.getState().runs[id]) return resolve();
      const stop = this.access.subscribe((state) => {
        if (state.runs[id]) return;
        stop();
        resolve();
      });
    });
  }
}
