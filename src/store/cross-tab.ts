import { summarize } from "../core/session-summary.ts";
import type { RepositoryChange, SessionRepository } from "../persistence/repository.ts";
import type { AppState } from "./app-state.ts";
import { withoutSessions } from "./drop-sessions.ts";

type Get = () => AppState;
type Set = (partial: Partial<AppState> | ((state: AppState) => Partial<AppState>)) => void;

/**
 * Brings this tab up to date with a committed change: another tab's, or a merge of this tab's
 * save with another tab's (this tab's own plain saves need nothing). A session this tab holds at
 * another revision is read again and the store takes the result, which already holds every save
 * this tab made (`open` reads after them); when the store changed the session meanwhile, it is
 * read once more. A session whose body is not loaded only gets its summary refreshed.
 */
export async function reconcile(
  change: RepositoryChange,
  repository: SessionRepository,
  get: Get,
  set: Set,
): Promise<void> {
  const { id } = change;
  if (change.type === "removed") {
    if (!get().summaries[id] && !get().bodies[id]) return;
    get().runs[id]?.controller.abort();
    drop(id, set);
    return;
  }
  if (!change.remote) return;
  if (get().bodies[id]) {
    for (let attempt = 0; attempt < 3; attempt++) {
      const body = get().bodies[id];
      if (!body || body.revision === change.revision) return;
      const fresh = await repository.open(id, {
        live: Boolean(get().runs[id] || get().remoteRuns[id]),
      });
      if (!fresh) return drop(id, set);
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
  if (!summary) return drop(id, set);
  set((s) => ({ summaries: { ...s.summaries, [id]: summary } }));
}

function drop(id: string, set: Set): void {
  set((s) => (!s.summaries[id] && !s.bodies[id] ? {} : withoutSessions(s, [id])));
}
