import type { SessionSummary } from "../persistence/repository.ts";

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
