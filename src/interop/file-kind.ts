/** What a file that cannot be a chat export is, for the words that say so. */
export type NotAnExport = "image" | "pdf" | "archive" | "media" | "binary" | "text";

/** How much of a file's start is read to tell. */
export const SNIFF_BYTES = 4096;

const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

/** Signatures at the start of files (offset 0 unless given), from the formats' specifications. */
const SIGNATURES: ReadonlyArray<{ bytes: number[]; at?: number; kind: NotAnExport }> = [
  { bytes: [0x89, ...ascii("PNG\r\n\x1a\n")], kind: "image" },
  { bytes: [0xff, 0xd8, 0xff], kind: "image" },
  { bytes: ascii("GIF8"), kind: "image" },
  { bytes: ascii("WEBP"), at: 8, kind: "image" },
  { bytes: [0x00, 0x00, 0x01, 0x00], kind: "image" },
  { bytes: ascii("II*\0"), kind: "image" },
  { bytes: ascii("MM\0*"), kind: "image" },
  { bytes: ascii("%PDF-"), kind: "pdf" },
  { bytes: ascii("PK\x03\x04"), kind: "archive" },
  { bytes: ascii("PK\x05\x06"), kind: "archive" },
  { bytes: [0x1f, 0x8b], kind: "archive" },
  { bytes: [...ascii("7z"), 0xbc, 0xaf, 0x27, 0x1c], kind: "archive" },
  { bytes: ascii("Rar!\x1a\x07"), kind: "archive" },
  { bytes: ascii("RIFF"), kind: "media" },
  { bytes: ascii("ID3"), kind: "media" },
  { bytes: ascii("OggS"), kind: "media" },
  { bytes: ascii("fLaC"), kind: "media" },
  { bytes: [0x1a, 0x45, 0xdf, 0xa3], kind: "media" },
  { bytes: ascii("SQLite format 3\0"), kind: "binary" },
];

const IMAGE_BRANDS = new Set(["heic", "heix", "hevc", "mif1", "msf1", "avif", "avis"]);

function signatureKind(head: Uint8Array): NotAnExport | undefined {
  for (const { bytes, at = 0, kind } of SIGNATURES)
    if (bytes.every((b, i) => head[at + i] === b)) return kind;
  if (String.fromCharCode(...head.subarray(4, 8)) === "ftyp") {
    const brand = String.fromCharCode(...head.subarray(8, 12));
    return IMAGE_BRANDS.has(brand) ? "image" : "media";
  }
  return undefined;
}

function mimeKind(type: string): NotAnExport | undefined {
  if (type.startsWith("image/")) return "image";
  if (type === "application/pdf") return "pdf";
  if (type.startsWith("audio/") || type.startsWith("video/")) return "media";
  if (/zip|compressed|x-tar|gzip|x-7z|rar/.test(type)) return "archive";
  return undefined;
}

function headText(head: Uint8Array): string {
  const le = head[0] === 0xff && head[1] === 0xfe;
  const be = head[0] === 0xfe && head[1] === 0xff;
  const zeros = (from: number) => head.filter((b, i) => i % 2 === from && b === 0).length;
  const half = head.length / 2;
  if (le || (head.length >= 4 && zeros(1) > half * 0.9 && zeros(0) === 0))
    return new TextDecoder("utf-16le").decode(head);
  if (be || (head.length >= 4 && zeros(0) > half * 0.9 && zeros(1) === 0))
    return new TextDecoder("utf-16be").decode(head);
  return new TextDecoder("utf-8").decode(head);
}

/**
 * What a file is when its first bytes (and MIME type) show it cannot be a chat export, or
 * undefined when it may be one and the import should read it. The content decides first: a
 * file's signature (PNG, PDF, ZIP…) names it whatever its name says, and a text that starts
 * with `{` or `[` is read as JSON even under an image's MIME type; an empty file is read too,
 * so the import says it is empty.
 */
export function notAnExport(head: Uint8Array, mimeType: string): NotAnExport | undefined {
  const signed = signatureKind(head);
  if (signed) return signed;
  const text = headText(head).replace(/^\uFEFF/, "");
  const start = text.trimStart();
  if (start === "" || start.startsWith("{") || start.startsWith("[")) return undefined;
  const typed = mimeKind(mimeType);
  if (typed) return typed;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters mark binary data
  const control = text.match(/[\u0000-\u0008\u000e-\u001f\uFFFD]/g)?.length ?? 0;
  return control > text.length * 0.02 ? "binary" : "text";
}
