import type { ProxyError } from "../errors.ts";

const PIECE = 8;
const MASK = "*".repeat(PIECE);

/** ASCII letters in lower case, everything else as it is, so that positions do not move. */
const fold = (text: string) => text.replace(/[A-Z]+/gu, (letters) => letters.toLowerCase());

function base64Of(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * The secret as it shows inside base64 text, for each of the three alignments it can have there
 * (the characters it shares with its neighbours dropped), standard and URL-safe.
 */
function base64Forms(secret: string): string[] {
  const bytes = new TextEncoder().encode(secret);
  const forms: string[] = [];
  for (const offset of [0, 1, 2]) {
    const padded = new Uint8Array(offset + bytes.length);
    padded.set(bytes, offset);
    const encoded = base64Of(padded);
    const whole = Math.floor(padded.length / 3) * 4;
    const form = encoded.slice([0, 2, 3][offset], whole);
    forms.push(form, form.replace(/\+/gu, "-").replace(/\//gu, "_"));
  }
  return forms;
}

const JSON_ESCAPES: Record<string, string> = {
  '"': '"',
  "\\": "\\",
  "/": "/",
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
};

/** JSON string escapes and URL escapes of ASCII characters decoded, whatever their mixture. */
function decodeEscapes(text: string): string {
  return text
    .replace(/\\(?:u([0-9a-fA-F]{4})|(["\\/bfnrt]))/gu, (_, hex: string | undefined, c: string) =>
      hex === undefined ? (JSON_ESCAPES[c] ?? c) : String.fromCharCode(Number.parseInt(hex, 16)),
    )
    .replace(/%([0-7][0-9a-fA-F])/gu, (_, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
}

/** Each run of the text covered by a piece of a secret, replaced by one mask. */
function maskPieces(text: string, pieces: Set<string>): string {
  const folded = fold(text);
  let out = "";
  let kept = 0;
  let coveredTo = -1;
  let runStart = -1;
  for (let i = 0; i + PIECE <= folded.length; i += 1) {
    if (!pieces.has(folded.slice(i, i + PIECE))) continue;
    if (i > coveredTo) {
      if (runStart >= 0) out += MASK;
      out += text.slice(kept, i);
      runStart = i;
    }
    coveredTo = i + PIECE;
    kept = coveredTo;
  }
  if (runStart < 0) return text;
  return `${out}${MASK}${text.slice(kept)}`;
}

/**
 * Returns a function that masks every secret found in a text: each run covered by 8-character
 * pieces of a secret becomes one mask, so a whole key, or any piece of 8 characters or more,
 * disappears. Keys are matched without regard to case, in base64 (any alignment, standard or
 * URL-safe), and through JSON and URL escapes. Used on everything an upstream sends that the
 * proxy passes on, except the model's own text, and on every log line.
 */
export function secretRedactor(secrets: Array<string | undefined>): (text: string) => string {
  const pieces = new Set<string>();
  for (const secret of secrets) {
    if (!secret || secret.length < PIECE) continue;
    for (const form of [secret, ...base64Forms(secret)]) {
      const folded = fold(form);
      for (let i = 0; i + PIECE <= folded.length; i += 1) pieces.add(folded.slice(i, i + PIECE));
    }
  }
  if (pieces.size === 0) return (text) => text;
  return (text) => {
    if (text.length < PIECE) return text;
    const masked = maskPieces(text, pieces);
    if (!text.includes("\\") && !text.includes("%")) return masked;
    const plain = decodeEscapes(text);
    if (plain === text) return masked;
    const maskedPlain = maskPieces(plain, pieces);
    return maskedPlain === plain ? masked : maskedPlain;
  };
}

/** An error with every string an upstream may have put in it scrubbed (message, code, type). */
export function scrubError(error: ProxyError, redact: (text: string) => string): ProxyError {
  const out: ProxyError = { ...error, type: redact(error.type), message: redact(error.message) };
  if (typeof error.code === "string") out.code = redact(error.code);
  return out;
}
