import type { ImportNote, ImportNoteCode } from "../../interop/import-note.ts";

type NoteKey = `note:${ImportNoteCode}`;

/** What the import dialog says of each note (`src/interop/import-note.ts`) on a conversation. */
export const noteWordsEn: Record<NoteKey | "noteSeparator", string> = {
  "note:versions": "{count} versions (edits and answers again), all kept",
  "note:shown-version-unknown":
    "the file does not say which version was shown (no current_node): all are kept, the latest is shown",
  "note:tree-parent-missing":
    "{count} {count|message follows one|messages follow ones} the file does not hold: each starts a version of its own",
  "note:tree-loop-cut":
    "{count} {count|message is|messages are} linked in a loop of replies: the loop is cut where the file first lists it",
  "note:tree-id-repeated":
    "{count} {count|message has|messages have} the id of an earlier one: kept under a new id",
  "note:thinking-left-out": "{count} thinking {count|step|steps} left out",
  "note:system-kept": "{count} system {count|message|messages} kept",
  "note:attachment-text-quoted":
    "text of {count} attached {count|file|files} kept as a quoted block",
  "note:file-named-only":
    "{count} attached {count|file|files} left out: the export holds only {count|its name|their names}",
  "note:images-not-in-export":
    "{count} {count|image is|images are} not in this export: each is named where it was",
  "note:attachment-mismatch":
    "{count} attached {count|file does|files do} not match {count|its|their} SHA-256 (changed or damaged after the export) and {count|imports|import} as missing: {detail}",
  "note:attachment-missing":
    "{count} attached {count|file is|files are} not in this file and {count|imports|import} as missing: {detail}",
  "note:attachment-left-out":
    "{count} attached {count|file was|files were} left out of this export by choice and {count|imports|import} as missing: {detail}",
  "note:code-fenced": "{count} code {count|block|blocks} kept as fenced code",
  "note:blocks-left-out": "{count} {count|block|blocks} Parley cannot show left out ({detail})",
  "note:tool-call-as-text": "{count} tool {count|call|calls} without a result kept as text",
  "note:tool-result-as-text": "{count} tool {count|result|results} without a call kept as text",
  "note:citations-linked": "{count} {count|citation|citations} turned into links",
  "note:times-without-zone":
    "{count} message {count|time|times} read as UTC: the backup does not say its time zone",
  noteSeparator: "; ",
};

export const noteWordsZh: Record<keyof typeof noteWordsEn, string> = {
  "note:versions": "{count} 个版本（编辑与重新回答），全部保留",
  "note:shown-version-unknown":
    "文件没有说明显示的是哪个版本（缺少 current_node）：全部保留，显示最新的一个",
  "note:tree-parent-missing": "{count} 条消息所接的上一条不在文件中：各自成为一个新版本的开头",
  "note:tree-loop-cut": "{count} 条消息的回复关系形成循环：在文件中最先列出的位置断开",
  "note:tree-id-repeated": "{count} 条消息与更早的消息同 id：以新 id 保留",
  "note:thinking-left-out": "{count} 段思考过程未导入",
  "note:system-kept": "保留了 {count} 条系统消息",
  "note:attachment-text-quoted": "{count} 个附件的文字以引用块保留",
  "note:file-named-only": "{count} 个附件未导入：导出文件中只有文件名",
  "note:images-not-in-export": "{count} 张图片不在这份导出中：原处写有每张的名字",
  "note:attachment-mismatch":
    "{count} 个附件与其 SHA-256 不符（导出后被修改或损坏），导入后显示为缺失：{detail}",
  "note:attachment-missing": "{count} 个附件不在这个文件中，导入后显示为缺失：{detail}",
  "note:attachment-left-out": "{count} 个附件在导出时按选择未写入，导入后显示为缺失：{detail}",
  "note:code-fenced": "{count} 个代码块以代码格式保留",
  "note:blocks-left-out": "{count} 个 Parley 无法显示的内容块未导入（{detail}）",
  "note:tool-call-as-text": "{count} 个没有结果的工具调用以文字保留",
  "note:tool-result-as-text": "{count} 个没有对应调用的工具结果以文字保留",
  "note:citations-linked": "{count} 处引用已转为链接",
  "note:times-without-zone": "{count} 条消息的时间按 UTC 读取：备份中没有写明时区",
  noteSeparator: "；",
};

/** The notes of one conversation as one line of text. */
export function notesText(
  notes: readonly ImportNote[],
  t: (key: keyof typeof noteWordsEn, vars?: Record<string, string | number>) => string,
): string {
  return notes
    .map((note) => t(`note:${note.code}`, { count: note.count, detail: note.detail ?? "" }))
    .join(t("noteSeparator"));
}
