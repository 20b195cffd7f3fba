import { fail, ok, type Result } from "../result.ts";
import { type DecryptError, decryptDocument, encryptDocument } from "./document-cipher.ts";
import type { Envelope } from "./envelope.ts";
import type { SyncKeys } from "./kdf.ts";
import { opaqueId } from "./opaque-id.ts";

/** A Parley record as the server keeps it: an opaque id and the envelope of its JSON. */
export interface SealedRecord {
  id: string;
  envelope: Envelope;
}

export interface OpenedRecord {
  parleyKey: string;
  json: string;
}

export type OpenRecordError = DecryptError | { code: "id_mismatch" };

/**
 * Seals one record (`h:<id>`, `m:<id>:<n>`, …). The opaque id cannot be turned back into the
 * record's key, so the key travels inside the ciphertext, on the first line before the JSON.
 */
export async function sealRecord(
  keys: SyncKeys,
  parleyKey: string,
  json: string,
): Promise<SealedRecord> {
  if (parleyKey.includes("\n")) throw new RangeError("a Parley record key has no line break");
  const id = await opaqueId(keys, parleyKey);
  return { id, envelope: await encryptDocument(keys, id, `${parleyKey}\n${json}`) };
}

/**
 * The record stored under `id`. The key found inside must name that id again (`id_mismatch`
 * otherwise), so a document can only ever land on the record it was written for.
 */
export async function openRecord(
  keys: SyncKeys,
  id: string,
  envelope: unknown,
): Promise<Result<OpenedRecord, OpenRecordError>> {
  const decrypted = await decryptDocument(keys, id, envelope);
  if (!decrypted.ok) return decrypted;
  const text = decrypted.value;
  const lineEnd = text.indexOf("\n");
  if (lineEnd < 0) return fail({ code: "invalid_payload" });
  const parleyKey = text.slice(0, lineEnd);
  if ((await opaqueId(keys, parleyKey)) !== id) return fail({ code: "id_mismatch" });
  return ok({ parleyKey, json: text.slice(lineEnd + 1) });
}
