import { createRng } from "./rng.ts";
import type { SessionGroup } from "./sessions.ts";

/**
 * Attachment bytes stored beside a set of conversations: `blobs` distinct files of about
 * `bytes` in all, each attached to one user message of the sidebar's conversations, and the
 * first `longTail` of them again to the long conversation's last user messages.
 */
export interface AttachmentSet {
  bytes: number;
  blobs: number;
  longTail: number;
}

/** One generated file: what a message says of it. */
export interface BlobSpec {
  index: number;
  name: string;
  mime: "image/png" | "application/pdf";
  kind: "image" | "pdf";
  size: number;
}

/** Blob `blob` attached to message `message` of session `index` of the group tagged `tag`. */
export interface Placement {
  tag: string;
  index: number;
  message: number;
  blob: number;
}

const SEED = 0x61747431;
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The files of a set: every third a PDF, the rest PNGs, sizes from half to one and a half of the mean. */
export function blobSpecs(set: AttachmentSet): BlobSpec[] {
  const rng = createRng(SEED);
  const weights = Array.from({ length: set.blobs }, () => 0.5 + rng.next());
  const total = weights.reduce((a, b) => a + b, 0);
  return weights.map((w, index) => {
    const pdf = index % 3 === 2;
    const number = String(index + 1).padStart(4, "0");
    return {
      index,
      name: pdf ? `report-${number}.pdf` : `photo-${number}.png`,
      mime: pdf ? "application/pdf" : "image/png",
      kind: pdf ? "pdf" : "image",
      size: Math.max(64, Math.round((w / total) * set.bytes)),
    };
  });
}

function header(spec: BlobSpec): number[] {
  if (spec.kind === "pdf") return [...new TextEncoder().encode("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")];
  const side = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
  const edge = Math.max(1, Math.min(2048, Math.round(Math.sqrt(spec.size / 3))));
  // Length 13, "IHDR", width, height, 8-bit RGB: what a decoder reads first.
  return [
    ...PNG_SIGNATURE,
    ...side(13),
    0x49,
    0x48,
    0x44,
    0x52,
    ...side(edge),
    ...side(edge),
    8,
    2,
    0,
    0,
    0,
  ];
}

/**
 * The bytes of a file: the header its type starts with, then random bytes from a seed of its
 * own (incompressible, as photos and scanned PDFs are). The same spec gives the same bytes.
 */
export function blobBytes(spec: BlobSpec): Uint8Array {
  const bytes = new Uint8Array(spec.size);
  const words = new Uint32Array(bytes.buffer, 0, spec.size >>> 2);
  const rng = createRng(SEED + 1 + spec.index);
  for (let i = 0; i < words.length; i++) words[i] = (rng.next() * 4294967296) >>> 0;
  for (let i = words.length * 4; i < spec.size; i++) bytes[i] = rng.int(0, 255);
  bytes.set(header(spec).slice(0, spec.size));
  return bytes;
}

/**
 * Which message carries which file: blobs spread over the sidebar's conversations (a user
 * message each, at even indexes), and the long conversation's last `longTail` user messages,
 * so the screen it opens on shows attachments.
 */
export function placements(
  set: AttachmentSet,
  sidebar: SessionGroup,
  long: SessionGroup,
): Placement[] {
  const turns = Math.max(1, Math.floor(sidebar.messages / 2));
  const spread = Array.from({ length: set.blobs }, (_, blob) => ({
    tag: sidebar.tag,
    index: (blob * 7) % sidebar.count,
    message: ((blob * 13) % turns) * 2,
    blob,
  }));
  const lastUser = long.messages - 1 - ((long.messages - 1) % 2 === 0 ? 0 : 1);
  const tail = Array.from({ length: Math.min(set.longTail, set.blobs) }, (_, blob) => ({
    tag: long.tag,
    index: 0,
    message: lastUser - blob * 2,
    blob,
  })).filter((p) => p.message >= 0);
  return [...spread, ...tail];
}
