import type { StoreApi } from "zustand";
import type { Session } from "../core/session.ts";
import type { AppState } from "./app-state.ts";
import type { StoreDeps } from "./deps.ts";
import { withoutSessions } from "./drop-sessions.ts";

type Get = () => AppState;
type Set = (partial: (state: AppState) => Partial<AppState>) => void;

/**
 * A conversation nobody used: no message, no title, state or metadata, never changed since it
 * was created, and not answering here or in another tab.
 */
export function neverUsed(session: Session, state: Pick<AppState, "runs" | "remoteRuns">): boolean {
  return (
    session.messages.length === 0 &&
    session.revision === 0 &&
    session.title === "" &&
    Object.keys(session.state).length === 0 &&
    Object.keys(session.metadata).length === 0 &&
    !state.runs[session.id] &&
    !state.remoteRuns[session.id]
  );
}

/**
 * Removes a conversation the user left without using it (New chat, then elsewhere), without an
 * Undo. It is checked again against storage while holding its run lock, so a message another
 * tab sends to it meanwhile is either refused there (and kept in its composer) or keeps it here.
 */
export async function discardUnused(
  id: string,
  store: { get: Get; set: Set },
  deps: Pick<StoreDeps, "repository" | "runLocks" | "hasDraft">,
): Promise<void> {
  const { get, set } = store;
  const unusedHere = () => {
    const state = get();
    const body = state.bodies[id];
    return (
      state.activeId !== id &&
      body !== undefined &&
      neverUsed(body, state) &&
      deps.hasDraft?.(id) !== true
    );
  };
  if (!unusedHere()) return;
  const claim = deps.runLocks ? await deps.runLocks.claim(id) : { release() {} };
  if (!claim) return;
  try {
    const stored = await deps.repository.read(id);
    if ((stored && !neverUsed(stored, get())) || !unusedHere()) return;
    set((s) => withoutSessions(s, [id]));
    await deps.repository.remove(id);
  } finally {
    claim.release();
  }
}

/** Resolves once `id` has no run in this tab (at once when it has none). */
export function runEnded(api: Pick<StoreApi<AppState>, "getState" | "subscribe">, id: string) {
  return new Promise<void>((resolve) => {
    if (!api.getState().runs[id]) return resolve();
    const stop = api.subscribe((state) => {
      if (state.runs[id]) return;
      stop();
      resolve();
    });
  });
}
