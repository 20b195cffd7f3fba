import type { StoreApi } from "zustand";
import type { Session } from "../core/session.ts";
import type { SessionSummary } from "../persistence/repository.ts";
import type { AppState } from "./app-state.ts";
import type { StoreDeps } from "./deps.ts";
import { withoutSessions } from "./drop-sessions.ts";

type Get = () => AppState;
type Set = (partial: (state: AppState) => Partial<AppState>) => void;
type Store = { get: Get; set: Set };
type Deps = Pick<StoreDeps, "repository" | "runLocks" | "hasDraft">;

/**
 * A conversation nobody used: no message, no title, state or metadata, never changed since it
 * was created, and not answering here or in another tab. New chat makes one in memory only; it
 * is written with its first change.
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

/** What a summary tells of a conversation that may be unused (its state and metadata are not in it). */
function mayBeUnused(summary: SessionSummary): boolean {
  return (
    summary.messageCount === 0 && summary.revision === 0 && summary.title === "" && !summary.pinned
  );
}

type Held = Pick<AppState, "summaries" | "bodies" | "runs" | "remoteRuns">;

/** Whether `id` is a conversation held in memory that nobody used (so never written). */
export function isUnused(state: Held, id: string): boolean {
  const body = state.bodies[id];
  return body !== undefined && neverUsed(body, state);
}

/** The conversations an export may write: all but those nobody used. */
export function exportableIds(state: Held): string[] {
  return Object.keys(state.summaries).filter((id) => !isUnused(state, id));
}

/** Whether there is anything to export; stops at the first, so it stays cheap as a selector. */
export function hasExportable(state: Held): boolean {
  for (const id in state.summaries) if (!isUnused(state, id)) return true;
  return false;
}

/**
 * Removes a conversation the user left without using it (New chat, then elsewhere), without an
 * Undo. It is checked again against storage while holding its run lock, so a message another
 * tab sends to it meanwhile is either refused there (and kept in its composer) or keeps it here.
 */
export function discardUnused(id: string, store: Store, deps: Deps): Promise<void> {
  return discardIf(id, store, deps, (state) => isUnused(state, id));
}

/**
 * Removes, after the first load, the conversations an earlier Parley wrote at New chat and
 * nobody used (this one writes none), checked against storage as `discardUnused` does.
 */
export async function discardLeftovers(store: Store, deps: Deps): Promise<void> {
  const { summaries } = store.get();
  for (const summary of Object.values(summaries)) {
    if (!mayBeUnused(summary)) continue;
    await discardIf(summary.id, store, deps, (state) => {
      const listed = state.summaries[summary.id];
      return !state.bodies[summary.id] && listed !== undefined && mayBeUnused(listed);
    });
  }
}

async function discardIf(
  id: string,
  { get, set }: Store,
  deps: Deps,
  unused: (state: AppState) => boolean,
): Promise<void> {
  const unusedHere = () => get().activeId !== id && deps.hasDraft?.(id) !== true && unused(get());
  if (!unusedHere()) return;
  const claim = deps.runLocks ? await deps.runLocks.claim(id) : { release() {} };
  if (!claim) return;
  try {
    const stored = await deps.repository.read(id);
    if ((stored && !neverUsed(stored, get())) || !unusedHere()) return;
    set((s) => withoutSessions(s, [id]));
    if (stored) await deps.repository.remove(id);
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
