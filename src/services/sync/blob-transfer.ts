import * as z from "zod/mini";
import { HASH_PATTERN } from "../../core/attachments/attachment.ts";
import type { Session } from "../../core/session.ts";
import { base64Of, bytesOfBase64, sha256Hex } from "../../interop/attachments/bytes.ts";
import type { BlobStore, StoredBlob } from "../../persistence/repository.ts";
import { opaqueId, type SyncKeys } from "../../sync/crypto/index.ts";
import type { RecordSealer } from "../../sync/crypto/record-sealer.ts";
import { sealDoc } from "../../sync/replication/encrypted-doc.ts";
import type { PouchDatabase, PouchDoc } from "../../sync/replication/pouch-types.ts";
import { isConflict, revisions } from "./remote-meta.ts";

/**
 * Bytes of an attachment per document. Sealed, a part is its base64 in JSON, compressed (little,
 * for images and PDFs), encrypted and in base64 again: 2.1 MB for bytes that do not compress,
 * about a quarter of CouchDB's default `max_document_size` (8 MB). A 20 MB PDF is 14 parts.
 */
export const PART_BYTES = 1.5 * 1024 * 1024;
/** More parts than the largest attachment (20 MB) needs: anything above is refused. */
const MAX_PARTS = 64;

/** The record key of part `index` of the blob `hash`. */
export const blobKey = (hash: string, index: number) => `b:${hash}:${index}`;

/** Where the local database remembers the parts whose bytes this device stored: id → hash. */
const KNOWN_ID = "_local/parley-blob-parts";
const knownSchema = z.record(z.string(), z.string().check(z.regex(HASH_PATTERN)));

const KEY = /^b:([0-9a-f]{64}):(0|[1-9][0-9]?)$/;

/** A part as sealed: the blob's type, how many parts it has, and this part's bytes in base64. */
const partSchema = z.object({
  mime: z.string().check(z.minLength(1), z.maxLength(200)),
  parts: z.number().check(z.int(), z.minimum(1), z.maximum(MAX_PARTS)),
  data: z.string().check(z.regex(/^[A-Za-z0-9+/]*={0,2}$/)),
});
type Part = z.infer<typeof partSchema>;

/** Where the bytes live: the app's `Attachments` (its `put` tells the screen and the sweeper). */
export type SyncBlobs = Pick<BlobStore, "get" | "put" | "hashes">;

/** The attachment hashes the messages of `session` name, each once. */
export function attachmentHashes(session: Session): Set<string> {
  const hashes = new Set<string>();
  for (const m of session.messages)
    for (const a of m.attachments ?? []) if (HASH_PATTERN.test(a.hash)) hashes.add(a.hash);
  return hashes;
}

function readPart(json: string): Part | undefined {
  try {
    const parsed = partSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Attachment bytes as their own documents (`b:<hash>:<part>`, docs/sync.md). Sent with the
 * session whose messages name them, once: a blob whose first part the local database holds
 * (sent before, from here or a restart ago, or arrived) is not sealed again. Arrived, the parts
 * are put together, and only bytes whose SHA-256 is the hash are stored.
 */
export class BlobTransfer {
  /** Hashes whose bytes are stored here (sent from here, or arrived and checked). */
  private readonly done = new Set<string>();
  /**
   * Hashes this device need not send: their documents are in the local database. Apart from
   * `done`: a part replicated in and not yet opened by the inbox is there too, and taking it
   * for bytes stored here made the inbox drop it (the picture never showed on that device).
   */
  private readonly sent = new Set<string>();
  private readonly ownRevs = new Map<string, string>();
  private readonly arriving = new Map<string, Map<number, Part>>();
  /** The parts whose bytes were stored here, by opaque id (`KNOWN_ID`), and that document's rev. */
  private readonly known = new Map<string, string>();
  private knownRev: string | undefined;
  private saving: Promise<void> = Promise.resolve();
  /** The hashes stored when sync started, once `known` is read (until then, every part opens). */
  private stored: ReadonlySet<string> = new Set();
  /** Settles once `known` and `stored` are read: the inbox reads the local database after it. */
  readonly loaded: Promise<void>;

  constructor(
    private readonly local: PouchDatabase,
    private readonly keys: SyncKeys,
    private readonly sealer: RecordSealer,
    private readonly blobs: SyncBlobs,
    private readonly onWritten: () => void,
  ) {
    this.loaded = this.load();
  }

  /**
   * Whether the inbox need not open `doc`: this device wrote it, or it is a part of bytes stored
   * here. When sync starts the inbox reads every document of the local database; opening each
   * part again (decrypting megabytes) only to find its bytes already here was the cost.
   */
  skips(doc: PouchDoc): boolean {
    if (doc._rev !== undefined && this.ownRevs.get(doc._id) === doc._rev) return true;
    const hash = this.known.get(doc._id);
    return hash !== undefined && this.stored.has(hash);
  }

  /** Whether `key` is a blob's record. */
  takes(key: string): boolean {
    return key.startsWith("b:");
  }

  /** Seals the attachments of `session` that this device holds and has not sent. */
  async send(session: Session): Promise<void> {
    for (const hash of attachmentHashes(session)) {
      if (this.done.has(hash) || this.sent.has(hash)) continue;
      const first = await opaqueId(this.keys, blobKey(hash, 0));
      if ((await revisions(this.local, [first])).has(first)) {
        this.sent.add(hash);
        continue;
      }
      const blob = await this.blobs.get(hash);
      if (blob) await this.write(hash, blob);
    }
  }

  /** A part that arrived: once every part is here, the bytes are checked and stored. */
  async receive(key: string, json: string): Promise<void> {
    const found = KEY.exec(key);
    const part = readPart(json);
    if (!found?.[1] || !part) return;
    const hash = found[1];
    const index = Number(found[2]);
    if (index >= part.parts || this.done.has(hash)) return;
    // Held when sync started: known without reading the bytes (megabytes for a PDF) per part.
    if (this.stored.has(hash) || (await this.blobs.get(hash))) {
      this.done.add(hash);
      return this.remember(hash, part.parts);
    }
    const parts = this.arriving.get(hash) ?? new Map<number, Part>();
    this.arriving.set(hash, parts);
    parts.set(index, part);
    const all = [...Array(part.parts).keys()].map((i) => parts.get(i));
    if (all.some((p) => p === undefined || p.parts !== part.parts || p.mime !== part.mime)) return;
    this.arriving.delete(hash);
    const chunks = all.map((p) => bytesOfBase64(p?.data ?? ""));
    const bytes = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
    let at = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, at);
      at += chunk.length;
    }
    // Sealed with the key but not these bytes (a writer's bug): never stored under the hash.
    if ((await sha256Hex(bytes)) !== hash) return;
    const stored = await this.blobs.put(hash, { bytes, mime: part.mime });
    if (!stored.ok) {
      // Nothing is lost: the parts stay in the local database, and the next start opens them.
      if (stored.fault.kind === "quota")
        throw new DOMException("no room for an attachment", "QuotaExceededError");
      return;
    }
    this.done.add(hash);
    await this.remember(hash, part.parts);
  }

  private async write(hash: string, blob: StoredBlob): Promise<void> {
    const parts = Math.max(1, Math.ceil(blob.bytes.length / PART_BYTES));
    // The last part first: a device that finds the first part holds every part.
    for (let index = parts - 1; index >= 0; index--) {
      const data = base64Of(blob.bytes.subarray(index * PART_BYTES, (index + 1) * PART_BYTES));
      const json = JSON.stringify({ mime: blob.mime, parts, data } satisfies Part);
      const doc = await sealDoc(this.sealer, blobKey(hash, index), json);
      const [result] = await this.local.bulkDocs([doc]);
      if (result?.ok && result.rev) this.ownRevs.set(doc._id, result.rev);
      // A conflict: the part arrived meanwhile. Any other refusal (a full disk) is the status's.
      else if (!result || !isConflict(result)) throw result ?? new Error("blob part not written");
      this.onWritten();
    }
    this.done.add(hash);
    await this.remember(hash, parts);
  }

  /**
   * Reads `KNOWN_ID` and the stored hashes. Awaited once, before the inbox reads the local
   * database, not by `skips`: an await on every arriving document moved when the inbox
   * assembles what arrived, for sessions too.
   */
  private async load(): Promise<void> {
    try {
      const doc = await this.local.get(KNOWN_ID);
      this.knownRev = doc._rev;
      const parsed = knownSchema.safeParse(doc.parts);
      if (parsed.success)
        for (const [id, hash] of Object.entries(parsed.data)) this.known.set(id, hash);
    } catch {
      // None yet: every part is opened once.
    }
    this.stored = new Set(await this.blobs.hashes().catch(() => []));
  }

  /** Notes the parts of `hash` as stored here, so the next start does not open them. */
  private remember(hash: string, parts: number): Promise<void> {
    const next = this.saving.then(async () => {
      for (let index = 0; index < parts; index++)
        this.known.set(await opaqueId(this.keys, blobKey(hash, index)), hash);
      const rev = this.knownRev === undefined ? {} : { _rev: this.knownRev };
      const ids = Object.fromEntries(this.known);
      const result = await this.local.put({ _id: KNOWN_ID, ...rev, parts: ids });
      if (result.rev) this.knownRev = result.rev;
    });
    // A note that failed only means its parts are opened again next time.
    this.saving = next.catch(() => undefined);
    return this.saving;
  }
}
