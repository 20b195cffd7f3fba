import * as z from "zod/mini";
import type { Envelope, OpenedRecord, OpenRecordError, SyncKeys } from "../crypto/index.ts";
import { openRecord, sealRecord } from "../crypto/index.ts";
import { fail, type Result } from "../result.ts";

/** A sealed Parley record as a CouchDB document: its opaque id and envelope, nothing else. */
export type EncryptedDoc = {
  _id: string;
  _rev?: string;
  v: Envelope["v"];
  n: string;
  c: string;
};

export type OpenDocError = OpenRecordError | { code: "invalid_doc" };

const docSchema = z.looseObject({ _id: z.string().check(z.minLength(1)) });

/** `rev`: the CouchDB revision written over; `revision`: the record's own (see `sealRecord`). */
export async function sealDoc(
  keys: SyncKeys,
  parleyKey: string,
  json: string,
  rev?: string | undefined,
  revision?: number,
): Promise<EncryptedDoc> {
  const { id, envelope } = await sealRecord(keys, parleyKey, json, revision);
  return rev === undefined ? { _id: id, ...envelope } : { _id: id, _rev: rev, ...envelope };
}

/** The record inside a document read from a PouchDB or the server. */
export async function openDoc(
  keys: SyncKeys,
  doc: unknown,
): Promise<Result<OpenedRecord, OpenDocError>> {
  const parsed = docSchema.safeParse(doc);
  if (!parsed.success) return fail({ code: "invalid_doc" });
  return openRecord(keys, parsed.data._id, doc);
}
