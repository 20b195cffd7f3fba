import type { ConversationSettings } from "./conversation-settings.ts";
import type { CoreEnv } from "./env.ts";
import { newId } from "./id.ts";
import type { JsonObject } from "./json.ts";
import type { Message } from "./message.ts";
import { deriveTitle } from "./title.ts";
import { leafOf, underLeaf } from "./tree.ts";

/** Business data about a conversation; free-form beyond the known keys. */
export interface SessionMetadata extends JsonObject {}

export interface Session {
  /** 12 lowercase hex characters from a cryptographic source. */
  id: string;
  /** ISO 8601 with time zone. */
  createdAt: string;
  updatedAt: string;
  title: string;
  metadata: SessionMetadata;
  /** The session's key-value memory, read and written by tools and by the user. */
  state: JsonObject;
  /** Every message of every branch, in the order they were added (a tree: see `core/tree.ts`). */
  messages: Message[];
  /**
   * The last message of the visible path; absent, the last message of `messages`. `null` shows
   * nothing (only while a new first message is being asked).
   */
  leafId?: string | null;
  /** Grows on every committed change; used to reconcile tabs. */
  revision: number;
  /** This conversation's system prompt and parameters; absent: the agent's for each. */
  settings?: ConversationSettings;
}

export interface CreateSessionOptions {
  title?: string;
  metadata?: SessionMetadata;
  state?: JsonObject;
}

export function isoTime(ms: number): string {
  return new Date(ms).toISOString();
}

/** A new, empty session with a fresh id and the current time. */
export function createSession(env: CoreEnv, options: CreateSessionOptions = {}): Session {
  const now = isoTime(env.clock.now());
  return {
    id: newId(env.randomBytes),
    createdAt: now,
    updatedAt: now,
    title: options.title ?? "",
    metadata: options.metadata ?? {},
    state: options.state ?? {},
    messages: [],
    revision: 0,
  };
}

/**
 * A copy of `session` with `messages` added after its visible leaf, the last of them the new
 * leaf; id and createdAt never change. While the session has no title, the first user message
 * among them names it.
 */
export function append(
  session: Session,
  messages: Message[],
  env: Pick<CoreEnv, "clock">,
): Session {
  if (messages.length === 0) return session;
  const firstUser = messages.find((m) => m.role === "user" && m.content.trim() !== "");
  const { leafId: _shown, ...rest } = session;
  return {
    ...rest,
    title: session.title === "" && firstUser ? deriveTitle(firstUser.content) : session.title,
    messages: [...session.messages, ...underLeaf(session.messages, leafOf(session), messages)],
    updatedAt: isoTime(env.clock.now()),
    revision: session.revision + 1,
  };
}
