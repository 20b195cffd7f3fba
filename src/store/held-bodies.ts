import type { StoreApi } from "zustand";
import type { SessionRepository } from "../persistence/repository.ts";
import type { AppState } from "./app-state.ts";

/**
 * How many conversations besides the open one keep their messages in memory, so that going back
 * to one of them is instant. The rest are read again from storage when opened.
 */
export const RECENT_BODIES = 3;

/** The conversations last used, most recent first: the open one and `size` others. */
export class RecentSessions {
  private order: string[] = [];

  constructor(private readonly size = RECENT_BODIES) {}

  touch(id: string): void {
    if (this.order[0] === id) return;
    this.order = [id, ...this.order.filter((o) => o !== id)].slice(0, this.size + 1);
  }

  has(id: string): boolean {
    return this.order.includes(id);
  }
}

export interface Holders {
  activeId: string | null;
  /** Sessions answering in this tab: their runs write to the bodies. */
  runs: Readonly<Record<string, unknown>>;
  recent: RecentSessions;
}

/**
 * The loaded conversations whose messages can go: not the open one, not one answering, not
 * among the most recently used. Nothing is lost: every change is saved, and the store reads a
 * conversation again when it is opened.
 */
export function bodiesToRelease(held: Iterable<string>, holders: Holders): string[] {
  const out: string[] = [];
  for (const id of held) {
    if (id === holders.activeId || id in holders.runs || holders.recent.has(id)) continue;
    out.push(id);
  }
  return out;
}

/**
 * Whenever the open conversation, the loaded ones or the runs change, lets go of the bodies that
 * are no longer held (and, on a switch, of previews of conversations no longer open), here and
 * in the repository, so their messages can be garbage-collected.
 */
export function releaseUnheldBodies(
  api: StoreApi<AppState>,
  repository: Pick<SessionRepository, "release">,
  recent: RecentSessions,
): void {
  api.subscribe((state, previous) => {
    const { bodies, previews, activeId, runs } = state;
    if (!bodies || !previous) return;
    const switched = activeId !== previous.activeId;
    if (!switched && bodies === previous.bodies && runs === previous.runs) return;
    const released = bodiesToRelease(Object.keys(bodies), { activeId, runs, recent });
    const stale = switched ? Object.keys(previews).filter((id) => id !== activeId) : [];
    if (released.length === 0 && stale.length === 0) return;
    api.setState((s) => {
      const kept = { ...s.bodies };
      for (const id of released) delete kept[id];
      const shown = { ...s.previews };
      for (const id of stale) delete shown[id];
      return { bodies: kept, previews: shown };
    });
    for (const id of released) repository.release(id);
  });
}
