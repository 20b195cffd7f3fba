import { failed, ok, type Result } from "../core/result.ts";
import { type ImportIssue, issueAt } from "./import-issue.ts";

export interface DecodedText {
  text: string;
  encoding: "utf-8" | "utf-16le" | "utf-16be";
  warnings: ImportIssue[];
}

function utf16Without(bytes: Uint8Array): "utf-16le" | "utf-16be" | null {
  if (bytes.length < 4) return null;
  if (bytes[0] !== 0 && bytes[1] === 0 && bytes[2] !== 0 && bytes[3] === 0) return "utf-16le";
  if (bytes[0] === 0 && bytes[1] !== 0 && bytes[2] === 0 && bytes[3] !== 0) return "utf-16be";
  return null;
}

/** The offset of the first byte that breaks UTF-8, or -1. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i] ?? 0;
    let need = 0;
    let min = 0;
    if (b < 0x80) {
      i++;
      continue;
    } else if (b >= 0xc2 && b <= 0xdf) {
      need = 1;
      min = 0x80;
    } else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      min = 0x800;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      min = 0x10000;
    } else return i;
    let cp = b & (0x3f >> need);
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (c & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i;
    i += need + 1;
  }
  return -1;
}

function decodeUtf16(bytes: Uint8Array, encoding: "utf-16le" | "utf-16be", skip: number) {
  const warnings: ImportIssue[] = [
    {
      path: "$",
      code: "read-as-utf16",
      encoding: encoding === "utf-16le" ? "UTF-16LE" : "UTF-16BE",
    },
  ];
  const body = bytes.subarray(skip);
  try {
    return { text: new TextDecoder(encoding, { fatal: true }).decode(body), encoding, warnings };
  } catch {
    warnings.push({ path: "$", code: "utf16-repaired" });
    return { text: new TextDecoder(encoding).decode(body), encoding, warnings };
  }
}

/** Bytes to text: UTF-8 (a BOM is dropped) or UTF-16 with or without a BOM. Invalid UTF-8 is refused. */
export function decodeText(bytes: Uint8Array): Result<DecodedText, ImportIssue> {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return ok(decodeUtf16(bytes, "utf-16le", 2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return ok(decodeUtf16(bytes, "utf-16be", 2));
  const guessed = utf16Without(bytes);
  if (guessed) return ok(decodeUtf16(bytes, guessed, 0));
  const hasBom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const body = hasBom ? bytes.subarray(3) : bytes;
  const warnings: ImportIssue[] = hasBom ? [{ path: "$", code: "bom-ignored" }] : [];
  try {
    return ok({
      text: new TextDecoder("utf-8", { fatal: true }).decode(body),
      encoding: "utf-8",
      warnings,
    });
  } catch {
    // A fatal TextDecoder throws at the first bad byte without saying where; find it.
    const at = firstInvalidUtf8(body) + (hasBom ? 3 : 0);
    return failed(issueAt("$", { code: "not-utf8", byte: at }));
  }
}
