import type { Session } from "../core/session.ts";
import { contentFingerprint } from "./fingerprint.ts";
import type { ImportIssue } from "./import-issue.ts";
import type { ImportNote } from "./import-note.ts";
import type { ImportedFile, ReadFileResult } from "./read-import-file.ts";

/**
 * What the page needs of one converted conversation to plan the import; the session itself
 * stays in the import worker until the commit asks for it.
 */
export interface ConversationOutline {
  /** Its number among all conversations of the import, in file order: how the body is asked for. */
  index: number;
  id: string;
  title: string;
  messageCount: number;
  revision: number;
  /** `contentFingerprint` of the session, computed where it was read. */
  fingerprint: string;
  /** What the reading could not keep as the other app showed it. */
  notes: ImportNote[];
}

/** A read file as the page sees it: outlines instead of sessions. */
export interface OutlinedFile
  extends Omit<ImportedFile, "sessions" | "notes" | "blobs" | "attachmentsLeftOut"> {
  conversations: ConversationOutline[];
}

export type OutlineResult =
  | { ok: true; file: OutlinedFile }
  | { ok: false; fileName: string; error: ImportIssue };

export function outlineOf(
  session: Session,
  index: number,
  notes: ImportNote[] = [],
): ConversationOutline {
  return {
    index,
    id: session.id,
    title: session.title,
    messageCount: session.messages.length,
    revision: session.revision,
    fingerprint: contentFingerprint(session),
    notes,
  };
}

/**
 * The outline of one read file, numbering its sessions from `sessions.length` on and adding
 * them to `sessions`, so that `sessions[outline.index]` is the outlined session.
 */
export function outlineFile(result: ReadFileResult, sessions: Session[]): OutlineResult {
  if (!result.ok) return result;
  const {
    sessions: read,
    notes,
    blobs: _blobs,
    attachmentsLeftOut: _leftOut,
    ...rest
  } = result.file;
  const conversations = read.map((session, n) => {
    sessions.push(session);
    return outlineOf(session, sessions.length - 1, notes[n]);
  });
  return { ok: true, file: { ...rest, conversations } };
}
