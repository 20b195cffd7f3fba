import { noteWordsEn } from "./import-note-words.ts";
import { problemWordsEn } from "./import-problem-en.ts";

/** The words of the import and export UI (keys `interop.*` of the dictionary). */
export const interopEn = {
  exportChat: "Export chat",
  exportAll: "Export all",
  exportSome: "Export…",
  exportDialog: "Export conversations",
  exportSelected: "Export selected",
  selectAll: "Select all",
  includeAttachments: "Include attached files",
  includeAttachmentsNote:
    "Without them the file is smaller, but the pictures and files of these conversations import back as missing: only their names, sizes and extracted text travel.",
  importFile: "Import file",
  importChoose: "Import…",
  importDialog: "Import conversations",
  import: "Import",
  cancel: "Cancel",
  close: "Close",
  dropHint: "Drop files to import conversations",
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
  exportFailed: "The export failed: {reason} Try again.",
  exportSplit:
    "The export was saved as {files} files (part 1 of {files} and on), each small enough for Parley to import back; import them together.",
  exportCredentials:
    "{count} {count|credential|credentials} (API keys, tokens, passwords) {count|was|were} left out of the export.",
  exportAttachmentsLeftOut:
    "The bytes of {count} attached {count|file were|files were} left out, as chosen; {count|it imports|they import} back as missing.",
  exportOversized:
    "“{title}” is {size} MB, more than Parley imports from one file ({limit} MB): it was saved in a file of its own that Parley cannot import back. Export it again after removing its longest messages.",
  importFailed: "The import failed: {reason}",
  notImported: "Nothing was imported: {reason}",
  filesClosed: "The files are no longer open. Choose them again.",
  conversationsGone:
    "Some conversations of this import are no longer at hand. Choose the files again.",
  importBroke:
    "The import stopped on a fault in Parley. Reload the page and choose the files again.",
  untitled: "Untitled conversation",
  notAnExport:
    "{file} is {kind}, not a chat export. Parley imports JSON files: Parley, ChatGPT, Claude, Open WebUI, LibreChat, LobeChat and big-AGI exports, OpenAI messages and JSONL, NextChat backups and chatbot-ui exports.",
  fileNotExport: "{file}: {kind}, not a chat export (left out)",
  dismiss: "Dismiss",
  "kind:image": "an image",
  "kind:pdf": "a PDF",
  "kind:archive": "a compressed archive (unzip it and import the conversations.json inside)",
  "kind:media": "an audio or video file",
  "kind:binary": "a binary file",
  "kind:text": "a text file that is not JSON",
  ...noteWordsEn,
  ...problemWordsEn,
};
