/**
 * The state being edited in Session details: the text in the box, and the stored state it was
 * loaded from (`base`, as formatted JSON). An edit is never replaced by a newer stored state;
 * an untouched draft follows the store.
 */
export interface StateDraft {
  sessionId: string;
  text: string;
  base: string;
}

/** A draft showing the stored state as it is. */
export function draftFrom(sessionId: string, stored: string): StateDraft {
  return { sessionId, text: stored, base: stored };
}

/** The stored state is now `stored`: an unedited draft (or another session's) takes it; an edit stays. */
export function followStored(draft: StateDraft, sessionId: string, stored: string): StateDraft {
  if (draft.sessionId !== sessionId || draft.text === draft.base) {
    return draft.sessionId === sessionId && draft.base === stored
      ? draft
      : draftFrom(sessionId, stored);
  }
  return draft;
}

/** The stored state moved on while the user was editing: offer to load it. */
export function changedMeanwhile(draft: StateDraft, stored: string): boolean {
  return draft.text !== draft.base && stored !== draft.base;
}

/** The JSON text Session details shows for a state. */
export function formatState(state: unknown): string {
  return JSON.stringify(state ?? {}, null, 2);
}
