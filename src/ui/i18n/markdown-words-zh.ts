import type { markdownWordsEn } from "./markdown-words-en.ts";

/** The Markdown renderer's words in Chinese. */
export const markdownWordsZh: Record<keyof typeof markdownWordsEn, string> = {
  mdCopy: "复制代码",
  mdCode: "代码",
  mdLoadImage: "加载图片",
  mdImageBlocked: "来自其他网站的图片，尚未加载：",
  mdPlainSize: "这条消息很长，因此以纯文本显示。",
  mdPlainNesting: "这条消息嵌套过深，因此以纯文本显示。",
  mdPlainDelimiters: "这条消息格式标记过多，因此以纯文本显示。",
  mdPlainTable: "这条消息中的表格过大，无法显示为表格，因此以纯文本显示。",
  mdPlainParser: "这条消息无法按 Markdown 解析，因此以纯文本显示。",
  mdTruncated: "已截断：显示前 {shown} 个字符，共 {total} 个。",
  mdDiagram: "图表",
  mdDiagramSource: "图表源码",
  mdDiagramFailed: "此图表无法绘制，因此显示其源码。",
};
