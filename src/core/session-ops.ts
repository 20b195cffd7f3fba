import type { TurnResult } from "./agent-types.ts";
import type { Clock } from "./env.ts";
import type { JsonObject } from "./json.ts";
import { findJsonProblem, formatJsonPath } from "./json-value.ts";
import type { Message } from "./message.ts";
import { append, isoTime, type Session, type SessionMetadata } from "./session.ts";
import { cleanTitle } from "./title.ts";

type ClockEnv = { clock: Clock };

/** Every committed change goes through here: a new object, a later `updatedAt`, a higher `revision`. */
function changed(session: Session, patch: Partial<Session>, env: ClockEnv): Session {
  return {
    ...session,
    ...patch,
    id: session.id,
    createdAt: session.createdAt,
    updatedAt: isoTime(env.clock.now()),
    revision: session.revision + 1,
  };
}

/** Renames the session; the title is trimmed and cut to 200 characters. An empty title lets the next user message name it again. */
export function rename(session: Session, title: string, env: ClockEnv): Session {
  return changed(session, { title: cleanTitle(title) }, env);
}

/** Replaces the message with the same id. Returns `session` itself when no message has that id. */
export function replaceMessage(session: Session, message: Message, env: ClockEnv): Session {
  const index = session.messages.findIndex((m) => m.id === message.id);
  if (index < 0) return session;
  const messages = session.messages.slice();
  messages[index] = message;
  return changed(session, { messages }, env);
}

/** Replaces the message with the same id, or appends it (used to checkpoint a streaming answer). */
export function upsertMessage(session: Session, message: Message, env: ClockEnv): Session {
  return session.messages.some((m) => m.id === message.id)
    ? replaceMessage(session, message, env)
    : append(session, [message], env);
}

/** Removes the messages with these ids. Returns `session` itself when none matched. */
export function removeMessages(session: Session, ids: Iterable<string>, env: ClockEnv): Session {
  const drop = new Set(ids);
  const messages = session.messages.filter((m) => !drop.has(m.id));
  if (messages.length === session.messages.length) return session;
  return changed(session, { messages }, env);
}

/**
 * Puts back the messages and state of an earlier version of the session, as a new revision
 * (an answer that failed is undone); title and metadata stay as they are now.
 */
export function revertTo(session: Session, earlier: Session, env: ClockEnv): Session {
  return changed(session, { messages: earlier.messages, state: earlier.state }, env);
}

/**
 * Replaces the session's key-value state. Throws, changing nothing, when the state is not JSON
 * the codec reads back (e.g. nested deeper than `MAX_JSON_DEPTH`): the error names the path.
 */
export function setState(session: Session, state: JsonObject, env: ClockEnv): Session {
  refuseUnstorable("state", state);
  return changed(session, { state }, env);
}

/** Replaces the session's metadata (spread the old one to change a single key); refuses as {@link setState} does. */
export function setMetadata(session: Session, metadata: SessionMetadata, env: ClockEnv): Session {
  refuseUnstorable("metadata", metadata);
  return changed(session, { metadata }, env);
}

function refuseUnstorable(what: string, value: JsonObject): void {
  const problem = findJsonProblem(value);
  if (problem)
    throw new Error(
      `The ${what} was not changed, because it could not be read back: ${formatJsonPath(problem.path)}: ${problem.message}.`,
    );
}

/**
 * Commits a finished turn in one revision: messages already in the session (persisted from
 * `message` events or checkpoints) are replaced by the turn's version, the rest are appended,
 * and the session takes the state its tools left.
 */
export function applyTurn(session: Session, turn: TurnResult, env: ClockEnv): Session {
  const byId = new Map(turn.messages.map((m) => [m.id, m]));
  const messages = session.messages.map((m) => byId.get(m.id) ?? m);
  const known = new Set(session.messages.map((m) => m.id));
  const fresh = turn.messages.filter((m) => !known.has(m.id));
  const base = changed(session, { messages, state: turn.state }, env);
  if (fresh.length === 0) return base;
  return append({ ...base, revision: session.revision }, fresh, env);
}
