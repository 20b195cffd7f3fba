import { fail, ok, type Result } from "../result.ts";
import { fromUtf8, randomBytes, utf8 } from "./bytes.ts";
import { deflate, inflate } from "./compression.ts";
import {
  ENVELOPE_VERSION,
  type Envelope,
  type EnvelopeError,
  NONCE_BYTES,
  openEnvelope,
  sealEnvelope,
} from "./envelope.ts";
import type { SyncKeys } from "./kdf.ts";

export type DecryptError = EnvelopeError | { code: "decrypt_failed" } | { code: "invalid_payload" };

/** First byte of the plaintext inside the ciphertext: how the JSON that follows is stored. */
const PLAIN = 0;
const DEFLATED = 1;
/** Shorter JSON is never worth a compressor's header. */
const COMPRESS_FROM_BYTES = 128;

function additionalData(docId: string): Uint8Array<ArrayBuffer> {
  return utf8(`parley-sync/${ENVELOPE_VERSION} ${docId}`);
}

async function payload(json: string): Promise<Uint8Array<ArrayBuffer>> {
  const raw = utf8(json);
  const packed = raw.length >= COMPRESS_FROM_BYTES ? await deflate(raw) : undefined;
  const [flag, body] = packed && packed.length < raw.length ? [DEFLATED, packed] : [PLAIN, raw];
  const out = new Uint8Array(body.length + 1);
  out[0] = flag;
  out.set(body, 1);
  return out;
}

/**
 * Encrypts one document's JSON text for the server: AES-256-GCM with a fresh random 96-bit
 * nonce, and the opaque document id as additional data, so the ciphertext only decrypts under
 * that id. The JSON is DEFLATE-compressed first when that makes it smaller.
 */
export async function encryptDocument(
  keys: SyncKeys,
  docId: string,
  plaintextJson: string,
): Promise<Envelope> {
  const nonce = randomBytes(NONCE_BYTES);
  const ciphertext = await globalThis.crypto.subtle.encrypt(
    { name: "AES-GCM", iv: nonce, additionalData: additionalData(docId) },
    keys.documents,
    await payload(plaintextJson),
  );
  return sealEnvelope(nonce, new Uint8Array(ciphertext));
}

/**
 * The JSON text of an envelope stored under `docId`. `decrypt_failed` means the key is not the
 * one it was written with, or the nonce, ciphertext or id was changed: nothing of it is used.
 */
export async function decryptDocument(
  keys: SyncKeys,
  docId: string,
  envelope: unknown,
): Promise<Result<string, DecryptError>> {
  const opened = openEnvelope(envelope);
  if (!opened.ok) return opened;
  let plain: Uint8Array<ArrayBuffer>;
  try {
    const decrypted = await globalThis.crypto.subtle.decrypt(
      { name: "AES-GCM", iv: opened.value.nonce, additionalData: additionalData(docId) },
      keys.documents,
      opened.value.ciphertext,
    );
    plain = new Uint8Array(decrypted);
  } catch {
    return fail({ code: "decrypt_failed" });
  }
  try {
    const body = plain.subarray(1);
    if (plain[0] === PLAIN) return ok(fromUtf8(body));
    if (plain[0] === DEFLATED) return ok(fromUtf8(await inflate(body.slice())));
  } catch {
    // Authentic but unreadable: only a writer holding the key with a bug can produce this.
  }
  return fail({ code: "invalid_payload" });
}
