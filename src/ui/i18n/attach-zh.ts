import type { attachEn } from "./attach-en.ts";

export const attachZh: Record<keyof typeof attachEn, string> = {
  button: "附加文件",
  list: "附件",
  remove: "移除 {name}",
  reading: "正在读取 {n} 个文件…",
  sendsWhenRead: "文件读取完毕后即发送…",
  tooMany: "{name} 未附加：一条消息最多带 {max} 个文件。请先发送这些。",
  tooLarge: "{name} 未附加：它有 {size}，最多接受 {max}。请附加更小的文件。",
  unsupported:
    "{name} 未附加：不接受这种类型。可以附加 PNG、JPEG、WebP 或 GIF 图片、PDF，或文本和代码文件。",
  svg: "{name} 未附加：SVG 图片可能带有脚本。请存为 PNG 再附加。",
  notUtf8: "{name} 未附加：它不是 UTF-8 文本。请存为 UTF-8 后再附加。",
  imageUnreadable: "{name} 未附加：无法读取这张图片。请存为 PNG 或 JPEG 后再附加。",
  pdfUnreadable: "{name} 未附加：无法读取其中的文字。请把文字复制到 .txt 文件再附加。",
  notStored: "{name} 未附加：无法保存（{reason}）。请腾出空间后再附加。",
  attachedDropped: "已把 {names} 附加到你的消息。",
  noVision: "{model} 不能读取图片，所以没有发送。请选择能读图片的模型，或移除图片。",
  imageGone: "这张图片已不再保存。",
};
