import type { AppState } from "../../store/app-state.ts";

type Held = Pick<AppState, "summaries" | "bodies" | "activeId">;

/** The store without these sessions: their summaries and bodies go, and the open one closes if it was one of them. */
export function withoutSessions(state: Held, ids: readonly string[]): Held {
  const summaries = { ...state.summaries };
  const bodies = { ...state.bodies };
  for (const id of ids) {
    delete summaries[id];
    delete bodies[id];
  }
  const activeId = state.activeId !== null && ids.includes(state.activeId) ? null : state.activeId;
  return { summaries, bodies, activeId };
}
