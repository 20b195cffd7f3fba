import type { JsonValue } from "../core/json.ts";
import type { Result } from "../core/result.ts";
import type { Session } from "../core/session.ts";
import type { ConversionFailure, DraftConversation } from "./conversation-draft.ts";
import type { ImportIssue } from "./import-issue.ts";
import type { NativeAttachments } from "./native-attachments.ts";

/** What one reader takes from a file: finished sessions (native) or drafts (other apps). */
export interface ImporterOutput {
  sessions: Session[];
  drafts: DraftConversation[];
  failures: ConversionFailure[];
  warnings: ImportIssue[];
  /** The attachments' bytes the file carries (Parley files of version 3). */
  attachments?: Omit<NativeAttachments, "warnings">;
}

/** A file format Parley can read: how to recognise it and how to read it. */
export interface Importer {
  /** Stable id, also written into imported sessions' metadata (`imported_from`). */
  id: string;
  detect(value: JsonValue): boolean;
  /** The name the dialog shows, e.g. "chatbot-ui export (version 4)". */
  label(value: JsonValue): string;
  /** What the file holds, or why the whole file is refused. */
  read(value: JsonValue): Result<ImporterOutput, ImportIssue>;
  /** How many conversations the file holds, checked against the limit before any is read. */
  count(value: JsonValue): number;
}

export function emptyOutput(): ImporterOutput {
  return { sessions: [], drafts: [], failures: [], warnings: [] };
}
