import type { Session } from "../core/session.ts";
import type { SessionSummary } from "../persistence/repository.ts";
import type { AppState } from "./app-state.ts";

/** Pinned first, then by last activity, newest first. */
export function compareSummaries(a: SessionSummary, b: SessionSummary): number {
  if (a.pinned !== b.pinned) return a.pinned ? -1 : 1;
  return a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0;
}

/** Whether there is any conversation; stops at the first, so it stays cheap as a selector run on every change. */
export function hasSessions(state: { summaries: Record<string, SessionSummary> }): boolean {
  for (const _id in state.summaries) return true;
  return false;
}

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

/** Whether a run of `id` is live, in this tab or another. */
export function isLive(state: Pick<AppState, "runs" | "remoteRuns">, id: string): boolean {
  return Boolean(state.runs[id] || state.remoteRuns[id]);
}
