/** The words of the import and export UI (keys `interop.*` of the dictionary). */
export const interopEn = {
  exportChat: "Export chat",
  exportAll: "Export all",
  exportSome: "Export…",
  importFile: "Import file",
  importChoose: "Import…",
  import: "Import",
  cancel: "Cancel",
  close: "Close",
  dropHint: "Drop files to import conversations",
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
  messageInvalid:
    "The import's reader sent something Parley could not check. Reload the page and choose the files again.",
  untitled: "Untitled conversation",
  notAnExport:
    "{file} is {kind}, not a chat export. Parley imports JSON files: Parley, ChatGPT, Claude, Open WebUI, LibreChat, LobeChat and big-AGI exports, OpenAI messages and JSONL, NextChat backups and chatbot-ui exports.",
  dismiss: "Dismiss",
  "kind:image": "an image",
  "kind:pdf": "a PDF",
  "kind:archive": "a compressed archive (unzip it and import the conversations.json inside)",
  "kind:media": "an audio or video file",
  "kind:binary": "a binary file",
  "kind:text": "a text file that is not JSON",
};
