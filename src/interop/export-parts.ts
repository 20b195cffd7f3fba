import { snapshot } from "../core/codec/index.ts";
import type { Session } from "../core/session.ts";
import {
  type BlobSource,
  blobRefs,
  type ExportedBlobRef,
  entryLength,
  SECTION_CLOSE,
  SECTION_OPEN,
  SECTION_SEPARATOR,
  sectionParts,
} from "./export-attachments.ts";
import { IMPORT_LIMITS } from "./limits.ts";
import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  type ExportApp,
  exportableSession,
} from "./native-format.ts";

/**
 * One export file: the text of its head and conversations in pieces (for a Blob), the attachments
 * whose bytes follow them (read from storage only when the file is made, `partPieces`), how many
 * conversations and bytes it holds.
 */
export interface ExportPart {
  head: string[];
  blobs: ExportedBlobRef[];
  count: number;
  bytes: number;
  credentialsRemoved: number;
  /** Attachments named by its conversations whose bytes this file leaves out by choice. */
  attachmentsLeftOut: number;
}

/** Whether the files carry the attachments' bytes (the default) or only what each file is. */
export interface ExportOptions {
  attachmentBytes: boolean;
}

/** What an export file may hold: the import's limits, so every file Parley writes can be imported. */
export interface ExportPartLimits {
  maxFileBytes: number;
  maxConversations: number;
}

/** A conversation larger by itself than a file may be: it gets a file of its own, which an import refuses. */
export interface OversizedSession {
  title: string;
  bytes: number;
}

/** Room kept in each file for `credentials_removed` and `attachments_left_out`, known only at the end. */
const HEADER_ROOM = 90;
const SEPARATOR = ",\n";
const SESSIONS_CLOSE = "\n  ]";
const END = "\n}\n";

/** Characters the attachments section grows by when `refs` join a file already holding `held`. */
function sectionGrowth(
  held: ReadonlyMap<string, ExportedBlobRef>,
  refs: ExportedBlobRef[],
): number {
  let grows = 0;
  let entries = held.size;
  for (const ref of refs) {
    if (held.has(ref.hash)) continue;
    grows +=
      (entries === 0 ? SECTION_OPEN.length + SECTION_CLOSE.length : SECTION_SEPARATOR.length) +
      entryLength(ref);
    entries++;
  }
  return grows;
}

/** UTF-8 length of a string without encoding it (a lone surrogate counts as U+FFFD, 3 bytes). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * Writes sessions, given in export order (creation time, then id), into as few Parley export
 * files as the limits allow. Each file is exactly what `JSON.stringify(document, null, 2)`
 * gives for its sessions, so one file is byte for byte the single-file export. Files that are
 * complete can be taken while sessions are still being added, so the text of a large export
 * never has to be held whole.
 */
export class ExportWriter {
  readonly oversized: OversizedSession[] = [];
  private readonly done: ExportPart[] = [];
  private sessions: string[] = [];
  private bytes = 0;
  private removed = 0;
  private blobs = new Map<string, ExportedBlobRef>();
  private blobBytes = 0;
  private fixed: number | undefined;

  constructor(
    private readonly exportedAt: string,
    private readonly app: ExportApp,
    private readonly limits: ExportPartLimits = IMPORT_LIMITS,
    private readonly options: ExportOptions = { attachmentBytes: true },
  ) {}

  add(session: Session): void {
    const exportable = exportableSession(session);
    const text = `    ${JSON.stringify(snapshot(exportable.session), null, 2).replace(/\n/g, "\n    ")}`;
    const refs = blobRefs(session);
    const counted = this.options.attachmentBytes;
    const size = utf8Length(text);
    const alone = size + (counted ? sectionGrowth(new Map(), refs) : 0);
    this.fixed ??=
      utf8Length(this.prefix(0, 0)) + 2 + HEADER_ROOM + SESSIONS_CLOSE.length + END.length;
    const fixed = this.fixed;
    const grows = counted ? sectionGrowth(this.blobs, refs) : 0;
    const full =
      this.sessions.length >= this.limits.maxConversations ||
      fixed + this.bytes + this.blobBytes + SEPARATOR.length + size + grows >
        this.limits.maxFileBytes;
    if (this.sessions.length > 0 && full) this.close();
    if (fixed + alone > this.limits.maxFileBytes)
      this.oversized.push({ title: session.title, bytes: fixed + alone });
    if (counted) this.blobBytes += sectionGrowth(this.blobs, refs);
    for (const ref of refs) if (!this.blobs.has(ref.hash)) this.blobs.set(ref.hash, ref);
    this.bytes += (this.sessions.length > 0 ? SEPARATOR.length : 0) + size;
    this.sessions.push(text);
    this.removed += exportable.removed;
  }

  /** The files completed so far, handed over once (later calls give only newer ones). */
  take(): ExportPart[] {
    return this.done.splice(0);
  }

  /** Closes the last file and hands over what was not taken yet. An export of nothing is one file with no sessions. */
  finish(): ExportPart[] {
    if (this.sessions.length > 0 || this.done.length === 0) this.close();
    return this.take();
  }

  private prefix(removed: number, leftOut: number): string {
    const head = JSON.stringify(
      {
        format: EXPORT_FORMAT,
        version: EXPORT_VERSION,
        exported_at: this.exportedAt,
        app: { name: this.app.name, version: this.app.version },
        ...(removed > 0 ? { credentials_removed: removed } : {}),
        ...(leftOut > 0 ? { attachments_left_out: leftOut } : {}),
        sessions: [],
      },
      null,
      2,
    );
    return head.slice(0, head.lastIndexOf("[]"));
  }

  private close(): void {
    const withBytes = this.options.attachmentBytes;
    const leftOut = withBytes ? 0 : this.blobs.size;
    const prefix = this.prefix(this.removed, leftOut);
    const head =
      this.sessions.length === 0
        ? [`${prefix}[]`]
        : [
            `${prefix}[\n`,
            ...this.sessions.flatMap((t, i) => (i === 0 ? [t] : [SEPARATOR, t])),
            SESSIONS_CLOSE,
          ];
    this.done.push({
      head,
      blobs: withBytes ? [...this.blobs.values()] : [],
      count: this.sessions.length,
      bytes: head.reduce((sum, chunk) => sum + utf8Length(chunk), 0) + this.blobBytes + END.length,
      credentialsRemoved: this.removed,
      attachmentsLeftOut: leftOut,
    });
    this.sessions = [];
    this.bytes = 0;
    this.removed = 0;
    this.blobs = new Map();
    this.blobBytes = 0;
  }
}

/**
 * A finished file in the pieces it is written from: its head and conversations, then each
 * attachment's entry as `wrap` makes it (read from storage one at a time), then the end.
 */
export async function partPieces<T>(
  part: ExportPart,
  read: BlobSource,
  wrap: (pieces: string[]) => T,
): Promise<(T | string)[]> {
  return [...part.head, ...(await sectionParts(part.blobs, read, wrap)), END];
}
