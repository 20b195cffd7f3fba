import type { Attachment } from "../core/attachments/attachment.ts";
import type { Session } from "../core/session.ts";
import { sha256Hex } from "../interop/attachments/bytes.ts";
import { message, session } from "./persistence-builders.ts";

/** Bytes that do not compress, so a blob of them takes several parts. */
export function noise(length: number, seed: number): Uint8Array {
  const bytes = new Uint8Array(length);
  let x = seed;
  for (let i = 0; i < length; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    bytes[i] = x >>> 24;
  }
  return bytes;
}

/** A PDF attachment of `bytes`, its hash, and the blob to store. */
export async function attached(bytes: Uint8Array, name: string) {
  const hash = await sha256Hex(bytes);
  const attachment: Attachment = {
    hash,
    name,
    mime: "application/pdf",
    size: bytes.length,
    kind: "pdf",
    text: "",
  };
  return { hash, attachment, blob: { bytes, mime: "application/pdf" } };
}

/** A session whose one user message carries `attachment`. */
export const carrying = (n: number, attachment: Attachment): Session =>
  session(n, 0, { messages: [message(0, { attachments: [attachment] })], revision: 1 });
