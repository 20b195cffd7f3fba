import type { Attachment } from "../../core/attachments/attachment.ts";
import { failed, ok, type Result } from "../../core/result.ts";
import { base64Of, sha256Hex } from "../../interop/attachments/bytes.ts";
import { sniffAttachment } from "../../interop/attachments/sniff.ts";
import type {
  BlobStore,
  StorageFault,
  StoredBlob,
  WriteOutcome,
} from "../../persistence/repository.ts";
import type { AttachFailure } from "./attach-failure.ts";
import { ATTACH_LIMITS } from "./attach-limits.ts";

/** A file the user picked, dropped or pasted (a `File` in the browser). */
export interface PickedFile {
  name: string;
  size: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/** The readers that run off the page's thread (workers in the browser). */
export interface FileReaders {
  /** The image re-encoded (which drops its metadata) with its long edge at most `edge`; null when unreadable. */
  scaleImage(blob: StoredBlob, edge: number): Promise<StoredBlob | null>;
  /** The text of the first `maxPages` pages of a PDF; null when unreadable. */
  readPdf(bytes: Uint8Array, maxPages: number): Promise<string | null>;
}

const NEW_CHAT = "";
const NONE: readonly Attachment[] = [];

/**
 * The files waiting to go with the next message, by conversation (null is the start screen),
 * and the reading of new ones: each is told by its content, checked against the limits, read
 * (text as UTF-8, a PDF's text, an image scaled), and stored by its hash before it is listed,
 * so a file is either attached and stored or refused with why. Runtime only.
 */
export class Attachments {
  private readonly waiting = new Map<string, Attachment[]>();
  private readonly listeners = new Set<() => void>();
  private readonly stored = new Set<string>();
  private readonly storedListeners = new Set<(hash: string) => void>();

  constructor(
    private readonly blobs: BlobStore,
    private readonly readers: FileReaders,
    /** Shows a storage failure in the storage alert, as a session write's would be. */
    private readonly reportFault: (fault: StorageFault) => void = () => {},
  ) {}

  pending(sessionId: string | null): readonly Attachment[] {
    return this.waiting.get(sessionId ?? NEW_CHAT) ?? NONE;
  }

  /** Reads and stores each file in turn; the refused ones say why, the others are listed. */
  async add(sessionId: string | null, files: readonly PickedFile[]): Promise<AttachFailure[]> {
    const failures: AttachFailure[] = [];
    for (const file of files) {
      const count = this.pending(sessionId).length;
      if (count >= ATTACH_LIMITS.files) {
        failures.push({ code: "too_many_files", name: file.name, max: ATTACH_LIMITS.files });
        continue;
      }
      const read = await this.read(file);
      if (!read.ok) failures.push(read.error);
      else if (!this.pending(sessionId).some((a) => a.hash === read.value.hash))
        this.set(sessionId, [...this.pending(sessionId), read.value]);
    }
    return failures;
  }

  remove(sessionId: string | null, hash: string): void {
    this.set(
      sessionId,
      this.pending(sessionId).filter((a) => a.hash !== hash),
    );
  }

  /** The files waiting for the conversation, removed so they go with one message only. */
  take(sessionId: string | null): Attachment[] {
    const list = [...this.pending(sessionId)];
    this.set(sessionId, []);
    return list;
  }

  /** Files of a message that was not sent go back in front of the ones added since. */
  putBack(sessionId: string | null, list: readonly Attachment[]): void {
    const later = this.pending(sessionId).filter((a) => !list.some((b) => b.hash === a.hash));
    this.set(sessionId, [...list, ...later]);
  }

  /** The stored bytes of an attachment, for showing it; undefined when they are gone. */
  blob(hash: string): Promise<StoredBlob | undefined> {
    return this.blobs.get(hash);
  }

  /** A stored image as a `data:` URL, as the request sends it. */
  async dataUrl(hash: string): Promise<string | undefined> {
    const blob = await this.blobs.get(hash);
    return blob ? `data:${blob.mime};base64,${base64Of(blob.bytes)}` : undefined;
  }

  /**
   * Stores bytes an import checked, before the conversations naming them are written: held like
   * the page's own, so a sweep in between cannot take them.
   */
  async put(hash: string, blob: StoredBlob): Promise<WriteOutcome> {
    this.stored.add(hash);
    const outcome = await this.blobs.put(hash, blob);
    if (outcome.ok) for (const listener of [...this.storedListeners]) listener(hash);
    return outcome;
  }

  /**
   * Calls `listener` with each hash an import stored, so a view that found those bytes missing
   * (an earlier import of a tampered file) reads them again once a good file restored them.
   */
  onStored(listener: (hash: string) => void): () => void {
    this.storedListeners.add(listener);
    return () => this.storedListeners.delete(listener);
  }

  /** Every hash whose bytes are stored. */
  hashes(): Promise<string[]> {
    return this.blobs.hashes();
  }

  /** The hashes this page stored or lists in a composer, which a sweep must keep. */
  held(): Set<string> {
    const hashes = new Set(this.stored);
    for (const list of this.waiting.values()) for (const a of list) hashes.add(a.hash);
    return hashes;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private set(sessionId: string | null, list: Attachment[]): void {
    const key = sessionId ?? NEW_CHAT;
    if (list.length === 0) this.waiting.delete(key);
    else this.waiting.set(key, list);
    for (const listener of [...this.listeners]) listener();
  }

  private async read(file: PickedFile): Promise<Result<Attachment, AttachFailure>> {
    const { name } = file;
    const tooLarge = (max: number) =>
      failed<AttachFailure>({ code: "file_too_large", name, size: file.size, max });
    if (file.size > ATTACH_LIMITS.imageBytes) return tooLarge(ATTACH_LIMITS.imageBytes);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const sniffed = sniffAttachment(bytes.subarray(0, 4096));
    if (sniffed.kind === "svg") return failed({ code: "svg_refused", name });
    if (sniffed.kind === "binary") return failed({ code: "type_unsupported", name });
    if (sniffed.kind === "text") {
      if (bytes.length > ATTACH_LIMITS.textBytes) return tooLarge(ATTACH_LIMITS.textBytes);
      const text = utf8(bytes);
      if (text === null) return failed({ code: "not_utf8", name });
      return this.store(name, { bytes, mime: "text/plain" }, "text", text);
    }
    if (sniffed.kind === "pdf") {
      if (bytes.length > ATTACH_LIMITS.pdfBytes) return tooLarge(ATTACH_LIMITS.pdfBytes);
      const text = await this.readers.readPdf(bytes, ATTACH_LIMITS.pdfPages).catch(() => null);
      if (text === null) return failed({ code: "pdf_unreadable", name });
      return this.store(name, { bytes, mime: sniffed.mime }, "pdf", text);
    }
    const scaled = await this.readers
      .scaleImage({ bytes, mime: sniffed.mime }, ATTACH_LIMITS.imageEdge)
      .catch(() => null);
    if (!scaled) return failed({ code: "image_unreadable", name });
    return this.store(name, scaled, "image");
  }

  private async store(
    name: string,
    blob: StoredBlob,
    kind: Attachment["kind"],
    text?: string,
  ): Promise<Result<Attachment, AttachFailure>> {
    const hash = await sha256Hex(blob.bytes);
    this.stored.add(hash);
    const written = await this.blobs.put(hash, blob);
    if (!written.ok) {
      this.reportFault(written.fault);
      return failed({ code: "not_stored", name, fault: written.fault });
    }
    const attachment: Attachment = { hash, name, mime: blob.mime, size: blob.bytes.length, kind };
    if (text !== undefined) attachment.text = text;
    return ok(attachment);
  }
}

function utf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}
