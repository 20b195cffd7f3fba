export { type DecryptError, decryptDocument, encryptDocument } from "./document-cipher.ts";
export { type Envelope, type EnvelopeError, NONCE_BYTES } from "./envelope.ts";
export {
  KDF_NAME,
  PBKDF2_ITERATIONS,
  PBKDF2_MAX_ITERATIONS,
  PBKDF2_MIN_ITERATIONS,
  SALT_BYTES,
  type SyncKeys,
} from "./kdf.ts";
export { opaqueId } from "./opaque-id.ts";
export {
  type OpenedRecord,
  type OpenRecordError,
  openRecord,
  type SealedRecord,
  sealRecord,
} from "./sealed-record.ts";
export {
  type CreateMetaError,
  createSyncMeta,
  type KdfOptions,
  SYNC_META_ID,
  SYNC_META_VERSION,
  type SyncMeta,
  type UnlockError,
  unlock,
} from "./sync-meta.ts";
