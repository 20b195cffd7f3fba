import type { Message } from "../../core/message.ts";
import type { Session } from "../../core/session.ts";
import { path } from "../../core/tree.ts";
import type { SessionRepository, SessionSummary } from "../../persistence/repository.ts";
import type { StateAccess } from "../../store/app-state.ts";

export interface TextMatch {
  id: string;
  /** A short piece of the matching message, around the match. */
  snippet: string;
  /** The matching message, on whichever branch it is. */
  messageId: string;
  /** Whether that message is on the branch shown; a match there is preferred. */
  shown: boolean;
}

const SNIPPET_CONTEXT = 40;

function firstMatch(
  messages: readonly Message[],
  needle: string,
): { snippet: string; messageId: string } | null {
  for (const m of messages) {
    if (m.role !== "user" && m.role !== "assistant") continue;
    const at = m.content.toLowerCase().indexOf(needle);
    if (at < 0) continue;
    const start = Math.max(0, at - SNIPPET_CONTEXT);
    const end = Math.min(m.content.length, at + needle.length + SNIPPET_CONTEXT);
    const text = m.content.slice(start, end).replace(/\s+/g, " ").trim();
    const snippet = `${start > 0 ? "…" : ""}${text}${end < m.content.length ? "…" : ""}`;
    return { snippet, messageId: m.id };
  }
  return null;
}

/**
 * The first message that holds `needle` on the branch shown, else on any other branch (opening
 * that hit shows its branch), and a snippet around it.
 */
export function findInSession(
  session: Session,
  needle: string,
): { snippet: string; messageId: string; shown: boolean } | null {
  const visible = path(session);
  const onPath = firstMatch(visible, needle);
  if (onPath) return { ...onPath, shown: true };
  if (visible.length === session.messages.length) return null;
  const seen = new Set(visible.map((m) => m.id));
  const elsewhere = firstMatch(
    session.messages.filter((m) => !seen.has(m.id)),
    needle,
  );
  return elsewhere ? { ...elsewhere, shown: false } : null;
}

const byNewest = (a: SessionSummary, b: SessionSummary) => (a.updatedAt < b.updatedAt ? 1 : -1);

/** Full-text search over every conversation's messages, on every branch. */
export class Search {
  constructor(
    private readonly access: StateAccess,
    private readonly repository: Pick<SessionRepository, "read">,
  ) {}

  /**
   * Looks for `query` in the text of every conversation's messages, newest first, reading
   * conversations that are not loaded from storage one at a time without keeping them (memory
   * stays that of one conversation, whatever the store); stops when `signal` aborts.
   */
  async messages(
    query: string,
    onMatch: (match: TextMatch) => void,
    signal: AbortSignal,
  ): Promise<void> {
    const needle = query.trim().toLowerCase();
    if (needle === "") return;
    const ids = Object.values(this.access.getState().summaries)
      .sort(byNewest)
      .map((s) => s.id);
    for (const id of ids) {
      if (signal.aborted) return;
      let session = this.access.getState().bodies[id];
      if (!session) {
        try {
          session = await this.repository.read(id);
        } catch {
          continue;
        }
      }
      if (signal.aborted) return;
      const found = session ? findInSession(session, needle) : null;
      if (found !== null) onMatch({ id, ...found });
    }
  }
}
