import type { RunLocks, SessionRepository, SessionSummary } from "../../persistence/repository.ts";
import type { AppState, StateAccess } from "../../store/app-state.ts";
import { isUnused, neverUsed } from "../../store/selectors.ts";
import { withoutSessions } from "./drop-sessions.ts";

interface Ports {
  repository: SessionRepository;
  runLocks?: RunLocks | undefined;
  hasDraft?: ((sessionId: string) => boolean) | undefined;
}

/** What a summary tells of a conversation that may be unused (its state and metadata are not in it). */
function mayBeUnused(summary: SessionSummary): boolean {
  return (
    summary.messageCount === 0 && summary.revision === 0 && summary.title === "" && !summary.pinned
  );
}

/**
 * Removes a conversation the user left without using it (New chat, then elsewhere), without an
 * Undo. It is checked again against storage while holding its run lock, so a message another
 * tab sends to it meanwhile is either refused there (and kept in its composer) or keeps it here.
 */
export function discardUnused(id: string, access: StateAccess, ports: Ports): Promise<void> {
  return discardIf(id, access, ports, (state) => isUnused(state, id));
}

/**
 * Removes, after the first load, the conversations an earlier Parley wrote at New chat and
 * nobody used (this one writes none), checked against storage as `discardUnused` does.
 */
export async function discardLeftovers(access: StateAccess, ports: Ports): Promise<void> {
  const { summaries } = access.getState();
  for (const summary of Object.values(summaries)) {
    if (!mayBeUnused(summary)) continue;
    await discardIf(summary.id, access, ports, (state) => {
      const listed = state.summaries[summary.id];
      return !state.bodies[summary.id] && listed !== undefined && mayBeUnused(listed);
    });
  }
}

async function discardIf(
  id: string,
  { getState: get, setState: set }: StateAccess,
  ports: Ports,
  unused: (state: AppState) => boolean,
): Promise<void> {
  const unusedHere = () => get().activeId !== id && ports.hasDraft?.(id) !== true && unused(get());
  if (!unusedHere()) return;
  const claim = ports.runLocks ? await ports.runLocks.claim(id) : { release() {} };
  if (!claim) return;
  try {
    const stored = await ports.repository.read(id);
    if ((stored && !neverUsed(stored, get())) || !unusedHere()) return;
    set((s) => withoutSessions(s, [id]));
    if (stored) await ports.repository.remove(id);
  } finally {
    claim.release();
  }
}
