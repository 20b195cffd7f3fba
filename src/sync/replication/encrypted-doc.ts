import * as z from "zod/mini";
import type { Envelope, OpenedRecord, OpenRecordError, SyncKeys } from "../crypto/index.ts";
import { inThread, type RecordSealer } from "../crypto/record-sealer.ts";
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

/** The keys, or a sealer that holds them (a worker's). */
export type Sealing = SyncKeys | RecordSealer;

const sealerOf = (sealing: Sealing): RecordSealer =>
  "seal" in sealing ? sealing : inThread(sealing);

/** `rev`: the CouchDB revision written over; `revision`: the record's own (see `sealRecord`). */
export async function sealDoc(
  sealing: Sealing,
  parleyKey: string,
  json: string,
  rev?: string | undefined,
  revision?: number,
): Promise<EncryptedDoc> {
  const { id, envelope } = await sealerOf(sealing).seal(parleyKey, json, revision);
  return rev === undefined ? { _id: id, ...envelope } : { _id: id, _rev: rev, ...envelope };
}

/** The record inside a document read from a PouchDB or the server. */
export async function openDoc(
  sealing: Sealing,
  doc: unknown,
): Promise<Result<OpenedRecord, OpenDocError>> {
  const parsed = docSchema.safeParse(doc);
  if (!parsed.success) return fail({ code: "invalid_doc" });
  return sealerOf(sealing).open(parsed.data._id, doc);
}
