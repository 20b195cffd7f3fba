import type { WireContentPart } from "../wire.ts";

/** What an attachment is read as: an image the model sees, or a file whose text it reads. */
export type AttachmentKind = "image" | "text" | "pdf";

/**
 * A file a user message carries. The bytes are never here: they live in a blob record addressed
 * by `hash` (SHA-256 of the bytes, 64 lowercase hex characters), so the same file is stored once.
 * `text` is the extracted text of a text file or a PDF; images have none.
 */
export interface Attachment {
  hash: string;
  name: string;
  mime: string;
  /** Bytes, of the stored file (an image after any scaling). */
  size: number;
  kind: AttachmentKind;
  text?: string;
}

export const HASH_PATTERN = /^[0-9a-f]{64}$/;

/** Reads a stored image as a `data:` URL by its hash; undefined when the bytes are gone. */
export type ImageReader = (hash: string) => Promise<string | undefined>;

/** The images a request carries, read once per turn: hash to `data:` URL. */
export type ImageUrls = ReadonlyMap<string, string>;

const ESCAPES: Record<string, string> = { "&": "&amp;", '"': "&quot;", "<": "&lt;", ">": "&gt;" };

/** A file as the text part the proxy and the demo model read (docs/proxy.md, "Content parts"). */
export function fileTextPart(name: string, text: string): string {
  const safe = name.replace(/[&"<>]/gu, (c) => ESCAPES[c] ?? c).replace(/[\r\n]+/gu, " ");
  return `<file name="${safe}">\n${text}\n</file>`;
}

/**
 * The content of a user message with attachments: the typed text first, then each file in
 * order. An image whose bytes cannot be read goes as a text part that names it, so the model is
 * told it is missing rather than the image vanishing.
 */
export function userContentParts(
  text: string,
  attachments: readonly Attachment[],
  images: ImageUrls,
): WireContentPart[] {
  const parts: WireContentPart[] = text === "" ? [] : [{ type: "text", text }];
  for (const a of attachments) {
    if (a.kind !== "image") {
      parts.push({ type: "text", text: fileTextPart(a.name, a.text ?? "") });
      continue;
    }
    const url = images.get(a.hash);
    parts.push(
      url
        ? { type: "image_url", image_url: { url } }
        : { type: "text", text: fileTextPart(a.name, "(this image is no longer stored)") },
    );
  }
  return parts;
}

/** The hashes of the images a history's user messages carry, each once. */
export function imageHashes(
  history: readonly { attachments?: readonly Attachment[] }[],
): Set<string> {
  const hashes = new Set<string>();
  for (const m of history)
    for (const a of m.attachments ?? []) if (a.kind === "image") hashes.add(a.hash);
  return hashes;
}

/** Reads every image of `history` through `read`; an unreadable one (gone, or the read failed) is left out. */
export async function readImages(
  history: readonly { attachments?: readonly Attachment[] }[],
  read: ImageReader | undefined,
): Promise<ImageUrls> {
  const urls = new Map<string, string>();
  if (!read) return urls;
  for (const hash of imageHashes(history)) {
    const url = await read(hash).catch(() => undefined);
    if (url !== undefined) urls.set(hash, url);
  }
  return urls;
}
