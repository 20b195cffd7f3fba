import type { AttachmentKind } from "../../core/attachments/attachment.ts";

/** What a file's first bytes say it is, for attaching; `svg` and `binary` are refused. */
export type Sniffed = { kind: AttachmentKind; mime: string } | { kind: "svg" } | { kind: "binary" };

const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

/** The images models read, by their signatures (PNG, JPEG, GIF and WebP specifications). */
const IMAGES: ReadonlyArray<{ bytes: number[]; at?: number; mime: string }> = [
  { bytes: [0x89, ...ascii("PNG\r\n\x1a\n")], mime: "image/png" },
  { bytes: [0xff, 0xd8, 0xff], mime: "image/jpeg" },
  { bytes: ascii("GIF8"), mime: "image/gif" },
  { bytes: ascii("WEBP"), at: 8, mime: "image/webp" },
];

const matches = (head: Uint8Array, bytes: number[], at = 0) =>
  bytes.every((b, i) => head[at + i] === b);

/** A text's start that makes it an SVG picture (after an XML declaration, comments or a doctype). */
const SVG_START =
  /^\uFEFF?\s*(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>]/iu;

/**
 * Tells an attachment by its content, never by its name or the browser's type: an image models
 * read, a PDF, an SVG (refused: it can carry script), text (anything without NUL bytes; the
 * reader then checks it is UTF-8), or other binary.
 */
export function sniffAttachment(head: Uint8Array): Sniffed {
  for (const { bytes, at, mime } of IMAGES)
    if (matches(head, bytes, at) && (at === undefined || matches(head, ascii("RIFF"))))
      return { kind: "image", mime };
  if (matches(head, ascii("%PDF-"))) return { kind: "pdf", mime: "application/pdf" };
  if (head.includes(0)) return { kind: "binary" };
  const start = new TextDecoder("utf-8").decode(head.subarray(0, 1024));
  if (SVG_START.test(start)) return { kind: "svg" };
  return { kind: "text", mime: "text/plain" };
}
