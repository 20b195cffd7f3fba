/** The part of `Storage` drafts use, so tests can pass a plain map. */
export interface DraftStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const PREFIX = "parley.draft.";
const START = "new";

/**
 * Unsent composer text by conversation (`null` is the start screen), so switching chats and
 * coming back keeps what was typed. Kept in memory for the page's life and mirrored into
 * session storage when there is one, so a reload keeps it too; a full or blocked storage only
 * costs the reload copy.
 */
export class Drafts {
  private readonly texts = new Map<string, string>();

  constructor(private readonly store: DraftStore | null) {}

  get(sessionId: string | null): string {
    const key = sessionId ?? START;
    const kept = this.texts.get(key);
    if (kept !== undefined) return kept;
    try {
      return this.store?.getItem(PREFIX + key) ?? "";
    } catch {
      return "";
    }
  }

  /** Keeps `text` for the conversation; an empty text forgets it. */
  set(sessionId: string | null, text: string): void {
    const key = sessionId ?? START;
    this.texts.set(key, text);
    try {
      if (text === "") this.store?.removeItem(PREFIX + key);
      else this.store?.setItem(PREFIX + key, text);
    } catch {
      // Storage is full or blocked: the draft still lives in memory for this page.
    }
  }
}
