import type { CoreEnv } from "../../core/env.ts";
import type { Session } from "../../core/session.ts";
import { revertTo } from "../../core/session-ops.ts";
import type { StateAccess } from "../../store/app-state.ts";
import type { SessionCache } from "../sessions/session-cache.ts";
import type { RunProgress } from "./run-events.ts";

/**
 * Changes the conversation once the run is claimed, before the model is asked (shows the point
 * a new version grows from). Returns the session to run on, or null to run nothing.
 */
export type Replace = (session: Session) => Session | null;

/** The conversation before a run moved its shown leaf, and where the run's messages start, to put back if it fails. */
export interface Dropped {
  before: Session;
  from: number;
}

/**
 * Undoes a run that gave no answer; state the user changed meanwhile stays unless a tool changed
 * it. Returns what failed, or null.
 */
export async function putBack(
  access: Pick<StateAccess, "getState">,
  sessions: Pick<SessionCache, "commit">,
  env: CoreEnv,
  dropped: Dropped,
  progress: RunProgress,
): Promise<string | null> {
  const current = access.getState().bodies[dropped.before.id];
  if (!current) return null;
  const { before, from } = dropped;
  const earlier = progress.stateChanged ? before : { ...before, state: current.state };
  try {
    await sessions.commit(revertTo(current, earlier, env), { kind: "rewrite", from });
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
