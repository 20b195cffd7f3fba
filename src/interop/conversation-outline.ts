import type { Session } from "../core/session.ts";
import { contentFingerprint } from "./fingerprint.ts";
import type { ImportIssue } from "./import-issue.ts";
import type { ImportNote } from "./import-note.ts";
import type { CheckedFileResult } from "./read-files.ts";
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
  /**
   * The hashes of its attachments whose checked bytes the file holds; absent when none. An
   * identical conversation whose files are missing here can get them back from these.
   */
  carried?: string[];
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
  held: ReadonlySet<string> = new Set(),
): ConversationOutline {
  const outline: ConversationOutline = {
    index,
    id: session.id,
    title: session.title,
    messageCount: session.messages.length,
    revision: session.revision,
    fingerprint: contentFingerprint(session),
    notes,
  };
  const carried = new Set<string>();
  for (const m of session.messages)
    for (const a of m.attachments ?? []) if (held.has(a.hash)) carried.add(a.hash);
  if (carried.size > 0) outline.carried = [...carried];
  return outline;
}

/**
 * The outline of one read file, numbering its sessions from `sessions.length` on and adding
 * them to `sessions`, so that `sessions[outline.index]` is the outlined session.
 */
export function outlineFile(
  result: ReadFileResult | CheckedFileResult,
  sessions: Session[],
): OutlineResult {
  if (!result.ok) return result;
  const {
    sessions: read,
    notes,
    blobs: _blobs,
    attachmentsLeftOut: _leftOut,
    ...file
  } = result.file;
  // The checked bytes stay where the file was read: the page gets only their hashes.
  const { verifiedBlobs, ...rest } =
    "verifiedBlobs" in file ? file : { ...file, verifiedBlobs: [] };
  const held = new Set(verifiedBlobs.map((b) => b.hash));
  const conversations = read.map((session, n) => {
    sessions.push(session);
    return outlineOf(session, sessions.length - 1, notes[n], held);
  });
  return { ok: true, file: { ...rest, conversations } };
}
