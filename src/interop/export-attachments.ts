import type { Session } from "../core/session.ts";
import { base64Of } from "./attachments/bytes.ts";

/** An attachment a file's conversations name, as the export lists it: its bytes come from storage. */
export interface ExportedBlobRef {
  hash: string;
  mime: string;
  /** Bytes as the message records them: how the file's size is counted before they are read. */
  size: number;
}

/** An attachment's bytes as storage gives them; undefined when they are gone. */
export type BlobSource = (hash: string) => Promise<{ bytes: Uint8Array } | undefined>;

/** Between the sessions' closing `]` and the first entry, and after the last. */
export const SECTION_OPEN = ',\n  "attachments": [\n';
export const SECTION_SEPARATOR = ",\n";
export const SECTION_CLOSE = "\n  ]";

/** Base64 is encoded this many bytes at a time (a multiple of 3, so the pieces join into one text). */
const SLICE = 3 * 1024 * 1024;

/** The attachments of a conversation's messages, each hash once, in the order they first appear. */
export function blobRefs(session: Session): ExportedBlobRef[] {
  const refs = new Map<string, ExportedBlobRef>();
  for (const message of session.messages)
    for (const a of message.attachments ?? [])
      if (!refs.has(a.hash)) refs.set(a.hash, { hash: a.hash, mime: a.mime, size: a.size });
  return [...refs.values()];
}

/** The two texts around an entry's base64, laid out as `JSON.stringify(document, null, 2)` does. */
function entryFrame(ref: ExportedBlobRef): [string, string] {
  return [
    `    {\n      "hash": "${ref.hash}",\n      "mime": ${JSON.stringify(ref.mime)},\n      "data": "`,
    '"\n    }',
  ];
}

/** Characters (all ASCII) of one entry whose bytes are `size` long. */
export function entryLength(ref: ExportedBlobRef, size = ref.size): number {
  const [open, close] = entryFrame(ref);
  return open.length + 4 * Math.ceil(size / 3) + close.length;
}

/** One entry's text in pieces: the base64 is made a slice at a time, so no piece is large. */
export function entryPieces(ref: ExportedBlobRef, bytes: Uint8Array): string[] {
  const [open, close] = entryFrame(ref);
  const pieces = [open];
  for (let i = 0; i < bytes.length; i += SLICE) pieces.push(base64Of(bytes.subarray(i, i + SLICE)));
  pieces.push(close);
  return pieces;
}

/**
 * The `attachments` section of one file, each entry read from storage when its turn comes and
 * handed to `wrap` (the page makes a `Blob` of it, so its text can go before the next is read).
 * An attachment whose bytes are gone is left out; the import then reports it missing.
 */
export async function sectionParts<T>(
  refs: readonly ExportedBlobRef[],
  read: BlobSource,
  wrap: (pieces: string[]) => T,
): Promise<(T | string)[]> {
  const out: (T | string)[] = [];
  for (const ref of refs) {
    const stored = await read(ref.hash);
    if (!stored) continue;
    out.push(out.length === 0 ? SECTION_OPEN : SECTION_SEPARATOR);
    out.push(wrap(entryPieces(ref, stored.bytes)));
  }
  if (out.length > 0) out.push(SECTION_CLOSE);
  return out;
}
