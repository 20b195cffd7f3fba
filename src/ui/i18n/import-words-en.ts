import { codecWordsEn } from "./codec-words-en.ts";
import { formatWordsEn } from "./import-format-words.ts";
import { noteWordsEn } from "./import-note-words.ts";
import { problemWordsEn } from "./import-problem-en.ts";

/**
 * The Import and Export dialogs' words: the import's steps, plan and report, each problem and
 * note, the export's choices (keys `interop.*`).
 */
export const importWordsEn = {
  reading: "Reading {file}…",
  parsing: "Reading {file}: {percent}%",
  converting: "Converting {file}: {done} of {total} {total|conversation|conversations}",
  comparing: "Comparing with your conversations: {done} of {total}",
  receiving: "Preparing {done} of {total} {total|conversation|conversations}…",
  saving: "Saving {done} of {total} {total|conversation|conversations}…",
  progress: "Import progress",
  files: "Files",
  fileFound: "{file}: {format}, {count} {count|conversation|conversations}",
  fileRefused: "{file}: refused",
  conversations: "Conversations in the files",
  new: "New",
  identical: "Identical: already in Parley, skipped",
  restore:
    "Already in Parley, but {count} attached {count|file is|files are} missing there: this file holds {count|it|them}, and importing stores {count|it|them} again",
  conflict: "Conflict: same id, other content",
  conflictInImport: "Conflict: appears twice in this import",
  choiceFor: "What to do with {title}",
  skip: "Skip",
  replace: "Replace",
  keepBoth: "Keep both (new id)",
  allConflicts: "For every conflict",
  problems: "Could not import",
  problem: "{file} at {path}: {message}",
  warnings: "Changes made while reading ({count})",
  nothing: "There is nothing to import in these files.",
  nothingRefused: "Nothing can be imported: Parley could not read these files (see above).",
  nothingIdentical: "Nothing to import: every conversation in these files is already in Parley.",
  nothingSkipped:
    "Nothing to import: every conversation is already in Parley or set to Skip. Choose Replace or Keep both for a conflict to import it.",
  report: "Added {added}, replaced {replaced}, skipped {skipped}, failed {failed}.",
  restored:
    "Attached files stored again: {files} for {count} {count|conversation|conversations} already in Parley.",
  failedReason: "{title} ({file} at {path}): {reason}",
  skippedReason: "{title}: {reason}",
  skippedIdentical: "Already in Parley with the same content.",
  skippedChosen: "You chose to skip it.",
  fileNotExport: "{file}: {kind}, not a chat export (left out)",
  exportDialog: "Export conversations",
  exportSelected: "Export selected",
  selectAll: "Select all",
  includeAttachments: "Include attached files",
  includeAttachmentsNote:
    "Without them the file is smaller, but the pictures and files of these conversations import back as missing: only their names, sizes and extracted text travel.",
  importDialog: "Import conversations",
  ...codecWordsEn,
  ...formatWordsEn,
  ...noteWordsEn,
  ...problemWordsEn,
};
