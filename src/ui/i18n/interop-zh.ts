import type { interopEn } from "./interop-en.ts";

export const interopZh: Record<keyof typeof interopEn, string> = {
  exportChat: "导出对话",
  exportAll: "全部导出",
  exportSome: "选择导出…",
  importFile: "导入文件",
  importChoose: "导入…",
  import: "导入",
  cancel: "取消",
  close: "关闭",
  dropHint: "松开即可导入对话",
  exportFailed: "导出失败：{reason} 请重试。",
  exportSplit: "导出已保存为 {files} 个文件（第 1 部分起），每个都可以再导入 Parley；请一起导入。",
  exportCredentials: "导出时略去了 {count} 个凭据（API 密钥、令牌、密码）。",
  exportAttachmentsLeftOut:
    "按你的选择，{count} 个附件的内容未写入导出；再导入后它们会显示为缺失。",
  exportOversized:
    "“{title}”有 {size} MB，超过 Parley 单个文件可导入的上限（{limit} MB）：它被单独保存为一个文件，Parley 无法再导入。请删去其中最长的消息后重新导出。",
  importFailed: "导入失败：{reason}",
  notImported: "没有导入任何内容：{reason}",
  filesClosed: "这些文件已不再打开。请重新选择它们。",
  conversationsGone: "这次导入中的部分对话已不在。请重新选择文件。",
  importBroke: "导入因 Parley 的故障而中断。请刷新页面后重新选择文件。",
  messageInvalid: "导入的读取程序发来了 Parley 无法核对的内容。请刷新页面后重新选择文件。",
  untitled: "未命名对话",
  notAnExport:
    "{file} 是{kind}，不是聊天导出文件。Parley 导入的是 JSON 文件：Parley、ChatGPT、Claude、Open WebUI、LibreChat、LobeChat 和 big-AGI 的导出文件，OpenAI 消息与 JSONL，NextChat 备份和 chatbot-ui 导出文件。",
  dismiss: "知道了",
  "kind:image": "图片",
  "kind:pdf": "PDF 文件",
  "kind:archive": "压缩包（请解压后导入其中的 conversations.json）",
  "kind:media": "音频或视频文件",
  "kind:binary": "二进制文件",
  "kind:text": "不是 JSON 的文本文件",
};
