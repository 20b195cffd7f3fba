import { utf8 } from "./bytes.ts";

/** OWASP's 2023 floor for PBKDF2-HMAC-SHA-256; metadata asking for fewer is refused. */
export const PBKDF2_MIN_ITERATIONS = 600_000;
/** What a new sync metadata document asks for. */
export const PBKDF2_ITERATIONS = 600_000;
/** Above this a metadata document is refused: it would freeze the device for minutes. */
export const PBKDF2_MAX_ITERATIONS = 10_000_000;
export const SALT_BYTES = 16;
export const KDF_NAME = "PBKDF2-SHA-256";

/** The keys of one sync passphrase; neither can be exported from WebCrypto. */
export interface SyncKeys {
  /** AES-GCM-256: encrypts and authenticates every document. */
  readonly documents: CryptoKey;
  /** HMAC-SHA-256: turns Parley's record keys into opaque document ids. */
  readonly ids: CryptoKey;
}

export interface KdfParams {
  iterations: number;
  salt: Uint8Array<ArrayBuffer>;
}

const HKDF_INFO_DOCUMENTS = "parley-sync/1 documents aes-256-gcm";
const HKDF_INFO_IDS = "parley-sync/1 ids hmac-sha-256";

/**
 * Derives the sync keys: PBKDF2-SHA-256 stretches the passphrase (NFC-normalised, so the same
 * words typed on another system give the same key) into 256 master bits, and HKDF-SHA-256
 * expands those into one key per purpose, so the id key can never decrypt and the document key
 * never names a document. Callers check the iteration floor (see `unlock`).
 */
export async function deriveSyncKeys(passphrase: string, params: KdfParams): Promise<SyncKeys> {
  const subtle = globalThis.crypto.subtle;
  const password = await subtle.importKey(
    "raw",
    utf8(passphrase.normalize("NFC")),
    "PBKDF2",
    false,
    ["deriveBits"],
  );
  const masterBits = await subtle.deriveBits(
    { name: "PBKDF2", hash: "SHA-256", salt: params.salt, iterations: params.iterations },
    password,
    256,
  );
  const master = await subtle.importKey("raw", masterBits, "HKDF", false, ["deriveKey"]);
  new Uint8Array(masterBits).fill(0);
  const hkdf = (info: string) => ({
    name: "HKDF",
    hash: "SHA-256",
    salt: new Uint8Array(0),
    info: utf8(info),
  });
  const [documents, ids] = await Promise.all([
    subtle.deriveKey(hkdf(HKDF_INFO_DOCUMENTS), master, { name: "AES-GCM", length: 256 }, false, [
      "encrypt",
      "decrypt",
    ]),
    subtle.deriveKey(
      hkdf(HKDF_INFO_IDS),
      master,
      { name: "HMAC", hash: "SHA-256", length: 256 },
      false,
      ["sign"],
    ),
  ]);
  return { documents, ids };
}
