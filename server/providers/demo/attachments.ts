import type { ChatMessage } from "../../contract/chat-request.ts";
import { imageData } from "../../contract/content-parts.ts";
import { decodeHead, imageSize } from "./image-size.ts";

/** A text part that carries a file: its first line names it (docs/proxy.md, "Content parts"). */
const FILE_HEADER = /^<file name="([^"\n]*)">[^\S\n]*(?:\n|$)/u;

/** The demo looks for a file's first line that is not blank within this many characters. */
const FIRST_LINE_CHARS = 4000;

const ENTITIES: Record<string, string> = { "&amp;": "&", "&quot;": '"', "&lt;": "<", "&gt;": ">" };

function fileOf(text: string): { name: string; firstLine: string } | null {
  const head = FILE_HEADER.exec(text);
  if (!head) return null;
  const name = (head[1] ?? "").replace(/&(?:amp|quot|lt|gt);/gu, (e) => ENTITIES[e] ?? e);
  const lines = text.slice(head[0].length, head[0].length + FIRST_LINE_CHARS).split("\n");
  const first = lines.map((line) => line.trim()).find((line) => line !== "") ?? "";
  return { name, firstLine: first === "</file>" ? "" : first.slice(0, 200) };
}

/** The text a user typed, without the files the message carries. */
export function promptText(content: ChatMessage["content"]): string {
  if (typeof content === "string") return content;
  let text = "";
  for (const part of content ?? [])
    if (part.type === "text" && !fileOf(part.text)) text += part.text;
  return text;
}

/**
 * What the demo says it received for a message with attachments, one line each: an image as
 * `image MIME W×H` (the size read from its header bytes), a text file by its name and first line.
 * Null when the message carries none.
 */
export function attachmentLines(content: ChatMessage["content"]): string[] | null {
  if (typeof content === "string" || !content) return null;
  const lines: string[] = [];
  for (const part of content) {
    if (part.type === "image_url") {
      const { mediaType, base64 } = imageData(part.image_url.url);
      const size = imageSize(decodeHead(base64));
      lines.push(
        `image ${mediaType} ${size ? `${size.width}×${size.height}` : "(size unreadable)"}`,
      );
      continue;
    }
    const file = fileOf(part.text);
    if (file) lines.push(`file ${file.name}: ${file.firstLine || "(empty)"}`);
  }
  return lines.length ? lines : null;
}
