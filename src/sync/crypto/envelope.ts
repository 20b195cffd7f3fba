import * as z from "zod/mini";
import { fail, ok, type Result } from "../result.ts";
import { fromBase64Url, toBase64Url } from "./bytes.ts";

export const ENVELOPE_VERSION = 1;
/** 96 bits, the size AES-GCM is defined for (NIST SP 800-38D §8.2.2, random construction). */
export const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/** What is stored on the server for one document: version, nonce and ciphertext (with its tag). */
export interface Envelope {
  v: typeof ENVELOPE_VERSION;
  n: string;
  c: string;
}

export interface OpenedEnvelope {
  nonce: Uint8Array<ArrayBuffer>;
  ciphertext: Uint8Array<ArrayBuffer>;
}

export type EnvelopeError =
  | { code: "invalid_envelope"; path: string }
  | { code: "unsupported_envelope_version"; version: number };

const bytes = (what: string, valid: (length: number) => boolean) =>
  z.pipe(
    z.string(),
    z.transform((text, ctx) => {
      const decoded = fromBase64Url(text);
      if (decoded && valid(decoded.length)) return decoded;
      ctx.issues.push({ code: "custom", input: text, message: `${what} is not valid base64url` });
      return z.NEVER;
    }),
  );

const envelopeSchema = z.object({
  v: z.literal(ENVELOPE_VERSION),
  n: bytes("nonce", (length) => length === NONCE_BYTES),
  c: bytes("ciphertext", (length) => length > TAG_BYTES),
});

const versionSchema = z.object({ v: z.int().check(z.gt(ENVELOPE_VERSION)) });

export function sealEnvelope(nonce: Uint8Array, ciphertext: Uint8Array): Envelope {
  return { v: ENVELOPE_VERSION, n: toBase64Url(nonce), c: toBase64Url(ciphertext) };
}

/** Reads an envelope from stored or received data; other fields (`_id`, `_rev`) are ignored. */
export function openEnvelope(value: unknown): Result<OpenedEnvelope, EnvelopeError> {
  const newer = versionSchema.safeParse(value);
  if (newer.success) return fail({ code: "unsupported_envelope_version", version: newer.data.v });
  const parsed = envelopeSchema.safeParse(value);
  if (!parsed.success)
    return fail({ code: "invalid_envelope", path: parsed.error.issues[0]?.path.join(".") ?? "" });
  return ok({ nonce: parsed.data.n, ciphertext: parsed.data.c });
}
