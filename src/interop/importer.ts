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

/** The format ids of the files Parley reads; the dialog words each (`ui/i18n`, `format:<id>`). */
export const IMPORT_FORMAT_IDS = [
  "parley",
  "chatgpt",
  "claude",
  "open-webui",
  "librechat",
  "lobechat",
  "big-agi",
  "nextchat",
  "chatbot-ui",
  "openai-messages",
  "openai-jsonl",
] as const;

export type ImportFormatId = (typeof IMPORT_FORMAT_IDS)[number];

/** The kinds of file a format has more than one of. */
export const IMPORT_FORMAT_KINDS = ["all-branches", "one-branch", "backup", "chat"] as const;

/**
 * Which format a file is, as the dialog names it: the format, and where the format has them its
 * version (Parley, chatbot-ui; absent when the file does not say) or which kind of file it is.
 * Never words: the UI has them.
 */
export interface ImportFormat {
  id: ImportFormatId;
  version?: number;
  kind?: (typeof IMPORT_FORMAT_KINDS)[number];
}

/** A file format Parley can read: how to recognise it and how to read it. */
export interface Importer {
  /** Stable id, also written into imported sessions' metadata (`imported_from`). */
  id: ImportFormatId;
  detect(value: JsonValue): boolean;
  /** What the dialog names the file by, e.g. chatbot-ui's version 4. */
  format(value: JsonValue): ImportFormat;
  /** What the file holds, or why the whole file is refused. */
  read(value: JsonValue): Result<ImporterOutput, ImportIssue>;
  /** How many conversations the file holds, checked against the limit before any is read. */
  count(value: JsonValue): number;
}

export function emptyOutput(): ImporterOutput {
  return { sessions: [], drafts: [], failures: [], warnings: [] };
}
