import { snapshotHead, snapshotMessage } from "../core/codec/index.ts";
import type { Session } from "../core/session.ts";
import { path } from "../core/tree.ts";
import { stableHash } from "./stable-hash.ts";

/**
 * A hash of what a person would call the conversation's content: title, metadata, state, every
 * message of every branch with its parent, and its settings (only when it has some, so older
 * fingerprints still match). Times, the revision and the version being looked at (`leafId`) are
 * left out, so a conversation exported and imported again, a file without times imported twice,
 * or one whose other version the person has switched to since, compares as identical.
 */
export function contentFingerprint(session: Session): string {
  const messages = session.messages.map((m) => {
    const { created_at: _time, ...rest } = snapshotMessage(m);
    return rest;
  });
  const parts: unknown[] = [session.title, session.metadata, session.state, messages];
  const { settings } = snapshotHead(session);
  if (settings) parts.push(settings);
  const text = JSON.stringify(parts);
  return `${stableHash(text)}${text.length.toString(16)}`;
}

/**
 * `contentFingerprint` of the session's visible path alone, without parents: what an export of
 * format 1 (from before exports carried the tree) holds of a conversation with versions, and
 * what the same file gives when it is imported again.
 */
export function pathFingerprint(session: Session): string {
  const messages = path(session).map(({ parentId: _parent, ...message }) => message);
  const { leafId: _leaf, ...rest } = session;
  return contentFingerprint({ ...rest, messages });
}
