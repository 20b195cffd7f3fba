import type { Session } from "./session.ts";

/** What the sidebar needs of a session without loading its messages. */
export interface SessionSummary {
  id: string;
  title: string;
  createdAt: string;
  updatedAt: string;
  messageCount: number;
  pinned: boolean;
  revision: number;
}

/** The summary of a session: what the index stores and the sidebar lists. */
export function summarize(session: Session): SessionSummary {
  return {
    id: session.id,
    title: session.title,
    createdAt: session.createdAt,
    updatedAt: session.updatedAt,
    messageCount: session.messages.length,
    pinned: session.metadata.pinned === true,
    revision: session.revision,
  };
}
