import { summarize } from "../../core/session-summary.ts";
import type { RepositoryChange, SessionRepository } from "../../persistence/repository.ts";
import type { StateAccess } from "../../store/app-state.ts";
import { isLive } from "../../store/selectors.ts";
import { withoutSessions } from "./drop-sessions.ts";

/**
 * Brings this tab up to date with a committed change: another tab's, or a merge of this tab's
 * save with another tab's (this tab's own plain saves need nothing). A session this tab holds at
 * another revision is read again and the store takes the result, which already holds every save
 * this tab made (`open` reads after them); when the store changed the session meanwhile, it is
 * read once more. A session whose body is not loaded only gets its summary refreshed. A session
 * removed elsewhere leaves the store (its run, if any, stops: see the run coordinator).
 */
export async function reconcile(
  change: RepositoryChange,
  repository: SessionRepository,
  { getState: get, setState: set }: StateAccess,
): Promise<void> {
  const { id } = change;
  const drop = () =>
    set((s) => (!s.summaries[id] && !s.bodies[id] ? {} : withoutSessions(s, [id])));
  if (change.type === "removed") {
    drop();
    return;
  }
  if (!change.remote) return;
  if (get().bodies[id]) {
    for (let attempt = 0; attempt < 3; attempt++) {
      const body = get().bodies[id];
      if (!body || body.revision === change.revision) return;
      const fresh = await repository.open(id, { live: isLive(get(), id) });
      if (!fresh) return drop();
      if (!get().bodies[id]) return repository.release(id);
      if (get().bodies[id] !== body) continue;
      set((s) => ({
        bodies: { ...s.bodies, [id]: fresh },
        summaries: { ...s.summaries, [id]: summarize(fresh) },
      }));
      return;
    }
    return;
  }
  if (get().summaries[id]?.revision === change.revision) return;
  const summary = await repository.readSummary(id);
  if (get().bodies[id]) return;
  if (!summary) return drop();
  set((s) => ({ summaries: { ...s.summaries, [id]: summary } }));
}
