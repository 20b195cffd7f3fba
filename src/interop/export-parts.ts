import { snapshot } from "../core/codec/index.ts";
import type { Session } from "../core/session.ts";
import { IMPORT_LIMITS } from "./limits.ts";
import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  type ExportApp,
  exportableSession,
} from "./native-format.ts";

/** One export file: its text in pieces (for a Blob), how many conversations and bytes it holds. */
export interface ExportPart {
  chunks: string[];
  count: number;
  bytes: number;
  credentialsRemoved: number;
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

/** Room kept in each file for `credentials_removed`, whose digits are known only at the end. */
const HEADER_ROOM = 40;
const SEPARATOR = ",\n";
const SUFFIX = "\n  ]\n}\n";

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
  private fixed: number | undefined;

  constructor(
    private readonly exportedAt: string,
    private readonly app: ExportApp,
    private readonly limits: ExportPartLimits = IMPORT_LIMITS,
  ) {}

  add(session: Session): void {
    const exportable = exportableSession(session);
    const text = `    ${JSON.stringify(snapshot(exportable.session), null, 2).replace(/\n/g, "\n    ")}`;
    const size = utf8Length(text);
    this.fixed ??= utf8Length(this.prefix(0)) + 2 + HEADER_ROOM + SUFFIX.length;
    const fixed = this.fixed;
    const full =
      this.sessions.length >= this.limits.maxConversations ||
      fixed + this.bytes + SEPARATOR.length + size > this.limits.maxFileBytes;
    if (this.sessions.length > 0 && full) this.close();
    if (fixed + size > this.limits.maxFileBytes)
      this.oversized.push({ title: session.title, bytes: fixed + size });
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

  private prefix(removed: number): string {
    const head = JSON.stringify(
      {
        format: EXPORT_FORMAT,
        version: EXPORT_VERSION,
        exported_at: this.exportedAt,
        app: { name: this.app.name, version: this.app.version },
        ...(removed > 0 ? { credentials_removed: removed } : {}),
        sessions: [],
      },
      null,
      2,
    );
    return head.slice(0, head.lastIndexOf("[]"));
  }

  private close(): void {
    const prefix = this.prefix(this.removed);
    const chunks =
      this.sessions.length === 0
        ? [`${prefix}[]\n}\n`]
        : [
            `${prefix}[\n`,
            ...this.sessions.flatMap((t, i) => (i === 0 ? [t] : [SEPARATOR, t])),
            SUFFIX,
          ];
    this.done.push({
      chunks,
      count: this.sessions.length,
      bytes: chunks.reduce((sum, chunk) => sum + utf8Length(chunk), 0),
      credentialsRemoved: this.removed,
    });
    this.sessions = [];
    this.bytes = 0;
    this.removed = 0;
  }
}
