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
  /**
   * How many times the record was written, as its writer counted (0: sealed before records
   * carried one). Inside the ciphertext, so the server cannot pass an older revision off as new.
   */
  revision: number;
}

export type OpenRecordError = DecryptError | { code: "id_mismatch" };

/**
 * Seals one record (`h:<id>`, `m:<id>:<n>`, …). The opaque id cannot be turned back into the
 * record's key, so the key travels inside the ciphertext: the key, a line break, the record's
 * revision (a positive integer), a line break, then the JSON (which has no line break).
 */
export async function sealRecord(
  keys: SyncKeys,
  parleyKey: string,
  json: string,
  revision = 1,
): Promise<SealedRecord> {
  if (parleyKey.includes("\n")) throw new RangeError("a Parley record key has no line break");
  if (!Number.isSafeInteger(revision) || revision < 1)
    throw new RangeError("a record's revision is a positive integer");
  const id = await opaqueId(keys, parleyKey);
  return { id, envelope: await encryptDocument(keys, id, `${parleyKey}\n${revision}\n${json}`) };
}

/** A revision line, or none: records sealed before 2026-12-02 went from the key to the JSON. */
const REVISION_LINE = /^([1-9][0-9]{0,15})\n/;

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
  const rest = text.slice(lineEnd + 1);
  const line = REVISION_LINE.exec(rest);
  const revision = line ? Number(line[1]) : 0;
  if (!Number.isSafeInteger(revision)) return fail({ code: "invalid_payload" });
  return ok({ parleyKey, json: line ? rest.slice(line[0].length) : rest, revision });
}
