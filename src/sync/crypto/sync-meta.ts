import * as z from "zod/mini";
import { fail, ok, type Result } from "../result.ts";
import { BASE64URL_PATTERN, fromBase64Url, randomBytes, toBase64Url } from "./bytes.ts";
import { decryptDocument, encryptDocument } from "./document-cipher.ts";
import type { Envelope } from "./envelope.ts";
import {
  deriveSyncKeys,
  KDF_NAME,
  PBKDF2_ITERATIONS,
  PBKDF2_MAX_ITERATIONS,
  PBKDF2_MIN_ITERATIONS,
  SALT_BYTES,
  type SyncKeys,
} from "./kdf.ts";

/** The metadata document's id on the server: fixed, since a device reads it before it has keys. */
export const SYNC_META_ID = "parley-sync";
export const SYNC_META_VERSION = 1;
const KEY_CHECK = JSON.stringify("parley-sync key check");

/** Stored in plain text: how to derive the keys, and a check that a passphrase gives them. */
export interface SyncMeta {
  version: typeof SYNC_META_VERSION;
  kdf: { name: typeof KDF_NAME; iterations: number; salt: string };
  /** The fixed marker encrypted under the document key, with SYNC_META_ID as its id. */
  keyCheck: Envelope;
}

export interface KdfOptions {
  /** Iterations for a new metadata document; never below the floor. */
  iterations?: number;
  /**
   * Tests only, so unit tests stay fast: lowers the iteration floor. Ignored outside Vitest
   * (Vite replaces `import.meta.env.MODE` at build time).
   */
  testOnlyMinIterations?: number;
}

export type CreateMetaError =
  | { code: "empty_passphrase" }
  | { code: "weak_kdf"; iterations: number; minimum: number };

export type UnlockError =
  | { code: "invalid_meta"; path: string }
  | { code: "unsupported_meta_version"; version: number }
  | { code: "unsupported_kdf"; name: string }
  | { code: "weak_kdf"; iterations: number; minimum: number }
  | { code: "wrong_passphrase" };

function minimumIterations(options: KdfOptions): number {
  const testFloor = options.testOnlyMinIterations;
  return import.meta.env.MODE === "test" && testFloor !== undefined
    ? testFloor
    : PBKDF2_MIN_ITERATIONS;
}

const metaSchema = z.object({
  version: z.literal(SYNC_META_VERSION),
  kdf: z.object({
    name: z.literal(KDF_NAME),
    iterations: z.int().check(z.gt(0), z.lte(PBKDF2_MAX_ITERATIONS)),
    salt: z.string().check(
      z.regex(BASE64URL_PATTERN),
      z.refine((salt) => (fromBase64Url(salt)?.length ?? 0) >= SALT_BYTES),
    ),
  }),
  keyCheck: z.looseObject({}),
});

const newerSchema = z.object({ version: z.int().check(z.gt(SYNC_META_VERSION)) });
const kdfNameSchema = z.object({ kdf: z.object({ name: z.string() }) });

/** A new metadata document with a random salt, and the keys of its passphrase. */
export async function createSyncMeta(
  passphrase: string,
  options: KdfOptions = {},
): Promise<Result<{ meta: SyncMeta; keys: SyncKeys }, CreateMetaError>> {
  if (passphrase.length === 0) return fail({ code: "empty_passphrase" });
  const iterations = options.iterations ?? PBKDF2_ITERATIONS;
  const minimum = minimumIterations(options);
  if (iterations < minimum) return fail({ code: "weak_kdf", iterations, minimum });
  const salt = randomBytes(SALT_BYTES);
  const keys = await deriveSyncKeys(passphrase, { iterations, salt });
  const keyCheck = await encryptDocument(keys, SYNC_META_ID, KEY_CHECK);
  const kdf = { name: KDF_NAME, iterations, salt: toBase64Url(salt) } as const;
  return ok({ meta: { version: SYNC_META_VERSION, kdf, keyCheck }, keys });
}

/**
 * The keys of `passphrase` when it is the one `meta` was made with. `meta` is read as untrusted
 * (it comes from the server): a newer version, another KDF or too few iterations are refused
 * before any key is derived, and a wrong passphrase is told by the key check, so nothing is
 * written with the wrong keys.
 */
export async function unlock(
  passphrase: string,
  meta: unknown,
  options: KdfOptions = {},
): Promise<Result<SyncKeys, UnlockError>> {
  const newer = newerSchema.safeParse(meta);
  if (newer.success) return fail({ code: "unsupported_meta_version", version: newer.data.version });
  const named = kdfNameSchema.safeParse(meta);
  if (named.success && named.data.kdf.name !== KDF_NAME)
    return fail({ code: "unsupported_kdf", name: named.data.kdf.name });
  const parsed = metaSchema.safeParse(meta);
  if (!parsed.success)
    return fail({ code: "invalid_meta", path: parsed.error.issues[0]?.path.join(".") ?? "" });
  const { iterations, salt } = parsed.data.kdf;
  const minimum = minimumIterations(options);
  if (iterations < minimum) return fail({ code: "weak_kdf", iterations, minimum });
  const saltBytes = fromBase64Url(salt);
  if (!saltBytes) return fail({ code: "invalid_meta", path: "kdf.salt" });
  const keys = await deriveSyncKeys(passphrase, { iterations, salt: saltBytes });
  const check = await decryptDocument(keys, SYNC_META_ID, parsed.data.keyCheck);
  if (check.ok)
    return check.value === KEY_CHECK ? ok(keys) : fail({ code: "invalid_meta", path: "keyCheck" });
  if (check.error.code === "decrypt_failed") return fail({ code: "wrong_passphrase" });
  return fail({ code: "invalid_meta", path: "keyCheck" });
}
