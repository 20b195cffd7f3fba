import { useCallback } from "react";
import { fill } from "../i18n/fill.ts";
import { useLocale } from "../i18n/use-t.ts";
import { noteWordsEn, noteWordsZh } from "./import-note-words.ts";

const en = {
  toolbar: "Import and export",
  exportChat: "Export chat",
  exportAll: "Export all",
  exportSome: "Export…",
  exportDialog: "Export conversations",
  exportSelected: "Export selected",
  selectAll: "Select all",
  importFile: "Import file",
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
  failedReason: "{title} ({file} at {path}): {reason}",
  skippedReason: "{title}: {reason}",
  exportFailed: "The export failed: {reason} Try again.",
  exportSplit:
    "The export was saved as {files} files (part 1 of {files} and on), each small enough for Parley to import back; import them together.",
  exportCredentials:
    "{count} {count|credential|credentials} (API keys, tokens, passwords) {count|was|were} left out of the export.",
  exportOversized:
    "“{title}” is {size} MB, more than Parley imports from one file ({limit} MB): it was saved in a file of its own that Parley cannot import back. Export it again after removing its longest messages.",
  importFailed: "The import failed: {reason}",
  untitled: "Untitled conversation",
  notAnExport:
    "{file} is {kind}, not a chat export. Parley imports JSON files: Parley, ChatGPT and Claude exports, OpenAI messages and JSONL, NextChat backups and chatbot-ui exports.",
  fileNotExport: "{file}: {kind}, not a chat export (left out)",
  dismiss: "Dismiss",
  "kind:image": "an image",
  "kind:pdf": "a PDF",
  "kind:archive": "a compressed archive (unzip it and import the conversations.json inside)",
  "kind:media": "an audio or video file",
  "kind:binary": "a binary file",
  "kind:text": "a text file that is not JSON",
  ...noteWordsEn,
};

type Key = keyof typeof en;

const zh: Record<Key, string> = {
  toolbar: "导入与导出",
  exportChat: "导出对话",
  exportAll: "全部导出",
  exportSome: "选择导出…",
  exportDialog: "导出对话",
  exportSelected: "导出所选",
  selectAll: "全选",
  importFile: "导入文件",
  importDialog: "导入对话",
  import: "导入",
  cancel: "取消",
  close: "关闭",
  dropHint: "松开即可导入对话",
  reading: "正在读取 {file}…",
  parsing: "正在读取 {file}：{percent}%",
  converting: "正在转换 {file}：{done} / {total} 个对话",
  comparing: "正在与已有对话比较：{done} / {total}",
  receiving: "正在准备 {done} / {total} 个对话…",
  saving: "正在保存 {done} / {total} 个对话…",
  progress: "导入进度",
  files: "文件",
  fileFound: "{file}：{format}，{count} 个对话",
  fileRefused: "{file}：无法导入",
  conversations: "文件中的对话",
  new: "新对话",
  identical: "完全相同：已存在，跳过",
  conflict: "冲突：id 相同但内容不同",
  conflictInImport: "冲突：在本次导入中出现两次",
  choiceFor: "如何处理 {title}",
  skip: "跳过",
  replace: "替换",
  keepBoth: "两者都保留（新 id）",
  allConflicts: "所有冲突",
  problems: "无法导入",
  problem: "{file} 的 {path}：{message}",
  warnings: "读取时所做的修改（{count}）",
  nothing: "这些文件中没有可导入的内容。",
  nothingRefused: "无法导入：Parley 读不了这些文件（原因见上文）。",
  nothingIdentical: "没有需要导入的内容：这些文件中的对话都已在 Parley 中。",
  nothingSkipped:
    "没有需要导入的内容：所有对话都已在 Parley 中或设为跳过。若要导入有冲突的对话，请选择“替换”或“两者都保留”。",
  report: "新增 {added}，替换 {replaced}，跳过 {skipped}，失败 {failed}。",
  failedReason: "{title}（{file} 的 {path}）：{reason}",
  skippedReason: "{title}：{reason}",
  exportFailed: "导出失败：{reason} 请重试。",
  exportSplit: "导出已保存为 {files} 个文件（第 1 部分起），每个都可以再导入 Parley；请一起导入。",
  exportCredentials: "导出时略去了 {count} 个凭据（API 密钥、令牌、密码）。",
  exportOversized:
    "“{title}”有 {size} MB，超过 Parley 单个文件可导入的上限（{limit} MB）：它被单独保存为一个文件，Parley 无法再导入。请删去其中最长的消息后重新导出。",
  importFailed: "导入失败：{reason}",
  untitled: "未命名对话",
  notAnExport:
    "{file} 是{kind}，不是聊天导出文件。Parley 导入的是 JSON 文件：Parley、ChatGPT 和 Claude 的导出文件，OpenAI 消息与 JSONL，NextChat 备份和 chatbot-ui 导出文件。",
  fileNotExport: "{file}：{kind}，不是聊天导出文件（未导入）",
  dismiss: "知道了",
  "kind:image": "图片",
  "kind:pdf": "PDF 文件",
  "kind:archive": "压缩包（请解压后导入其中的 conversations.json）",
  "kind:media": "音频或视频文件",
  "kind:binary": "二进制文件",
  "kind:text": "不是 JSON 的文本文件",
  ...noteWordsZh,
};

export type InteropTranslate = (key: Key, vars?: Record<string, string | number>) => string;

/** Strings of the import and export UI, in the app's locale. */
export function useInteropT(): InteropTranslate {
  const locale = useLocale();
  const dictionary = locale === "zh" ? zh : en;
  return useCallback<InteropTranslate>(
    (key, vars) => fill(locale, dictionary[key], vars),
    [dictionary, locale],
  );
}
