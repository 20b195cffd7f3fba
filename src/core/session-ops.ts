import { type ConversationSettings, compactSettings } from "./conversation-settings.ts";
import type { Clock } from "./env.ts";
import type { JsonObject } from "./json.ts";
import { findJsonProblem, formatJsonPath, MAX_JSON_DEPTH } from "./json-value.ts";
import { isoTime, type Session, type SessionMetadata } from "./session.ts";
import { cleanTitle } from "./title.ts";
import { latestLeafUnder, leafOf } from "./tree.ts";
import { UnsavableChangeError } from "./unsavable.ts";

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

/** Removes the messages with these ids. Returns `session` itself when none matched. */
export function removeMessages(session: Session, ids: Iterable<string>, env: ClockEnv): Session {
  const drop = new Set(ids);
  const messages = session.messages.filter((m) => !drop.has(m.id));
  if (messages.length === session.messages.length) return session;
  return changed(session, { messages }, env);
}

/**
 * Puts back the messages, visible path and state of an earlier version of the session, as a new revision
 * (an answer that failed is undone); title and metadata stay as they are now.
 */
export function revertTo(session: Session, earlier: Session, env: ClockEnv): Session {
  const { leafId: _now, ...rest } = session;
  const shown = earlier.leafId !== undefined ? { leafId: earlier.leafId } : {};
  return changed({ ...rest, ...shown }, { messages: earlier.messages, state: earlier.state }, env);
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

/** Replaces the conversation's own settings (already checked: see `checkSettings`); none set removes them. */
export function setSettings(
  session: Session,
  settings: ConversationSettings | undefined,
  env: ClockEnv,
): Session {
  const { settings: _old, ...rest } = session;
  const kept = compactSettings(settings);
  return changed(kept ? { ...rest, settings: kept } : rest, {}, env);
}

function refuseUnstorable(what: string, value: JsonObject): void {
  const problem = findJsonProblem(value);
  if (problem)
    throw new UnsavableChangeError({
      code: "field-not-json",
      problem: problem.code,
      maxDepth: MAX_JSON_DEPTH,
      path: formatJsonPath([what, ...problem.path]),
    });
}

/**
 * Shows `leaf`'s path: the session's `leafId` (left out when the leaf is the last message, so a
 * conversation that never branched keeps its plain shape). `null` shows an empty path, from which
 * the next message starts a new root. Returns `session` itself when nothing changes.
 */
export function showLeaf(session: Session, leaf: string | null, env: ClockEnv): Session {
  if (leaf === leafOf(session) && (leaf !== null || session.leafId === null)) return session;
  const { leafId: _old, ...rest } = session;
  const last = session.messages.at(-1)?.id ?? null;
  return changed(leaf === last && leaf !== null ? rest : { ...rest, leafId: leaf }, {}, env);
}

/** Shows the version `messageId` of its message, with that branch's later turns (its newest). */
export function showVersion(session: Session, messageId: string, env: ClockEnv): Session {
  if (!session.messages.some((m) => m.id === messageId)) return session;
  return showLeaf(session, latestLeafUnder(session.messages, messageId), env);
}
