import { type DiskSession, snapshot } from "../core/codec/index.ts";
import type { Session } from "../core/session.ts";
import { base64Of } from "./attachments/bytes.ts";
import { blobRefs } from "./export-attachments.ts";
import { scrubSecrets } from "./scrub-secrets.ts";

/** The value of `format` at the top of every Parley export. */
export const EXPORT_FORMAT = "parley";
/** The export file version this build writes; older versions are migrated on import. */
export const EXPORT_VERSION = 3;

export interface ExportApp {
  name: string;
  version: string;
}

/** The whole export file. Sessions are in the codec's disk shape. */
export interface ExportDocument {
  format: typeof EXPORT_FORMAT;
  version: number;
  exported_at: string;
  app: ExportApp;
  /** How many credentials were left out of metadata and state; present only when some were. */
  credentials_removed?: number;
  /** How many attachments the conversations name whose bytes were left out by choice; present only when some were. */
  attachments_left_out?: number;
  sessions: DiskSession[];
  /** The bytes of the attachments the conversations name, each once; absent when there are none. */
  attachments?: ExportedAttachment[];
}

/** One attachment's bytes in a file: base64, found by the SHA-256 the messages name. */
export interface ExportedAttachment {
  hash: string;
  mime: string;
  data: string;
}

/** Sessions sorted by creation time, then id, so the same set always exports in the same order. */
function exportOrder(a: Session, b: Session): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The session as it goes into a file: credentials in metadata and state left out, at any depth, and how many. */
export function exportableSession(session: Session): { session: Session; removed: number } {
  const metadata = scrubSecrets(session.metadata);
  const state = scrubSecrets(session.state);
  return {
    session: { ...session, metadata: metadata.object, state: state.object },
    removed: metadata.removed.length + state.removed.length,
  };
}

/**
 * The whole file as one value. `blobs` holds the bytes of the attachments to carry, by hash, or
 * says they are left out (and counted). A hash it lacks is left out without a count, as when
 * storage no longer holds the bytes.
 */
export function buildExportDocument(
  sessions: readonly Session[],
  exportedAt: string,
  app: ExportApp,
  blobs: ReadonlyMap<string, Uint8Array> | "left-out" = new Map(),
): ExportDocument {
  let removed = 0;
  const ordered = [...sessions].sort(exportOrder);
  const disk = ordered.map((s) => {
    const exportable = exportableSession(s);
    removed += exportable.removed;
    return snapshot(exportable.session);
  });
  const refs = new Map(ordered.flatMap(blobRefs).map((ref) => [ref.hash, ref]));
  const attachments = [...refs.values()].flatMap((ref) => {
    const bytes = blobs === "left-out" ? undefined : blobs.get(ref.hash);
    return bytes ? [{ hash: ref.hash, mime: ref.mime, data: base64Of(bytes) }] : [];
  });
  const leftOut = blobs === "left-out" ? refs.size : 0;
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exported_at: exportedAt,
    app: { name: app.name, version: app.version },
    ...(removed > 0 ? { credentials_removed: removed } : {}),
    ...(leftOut > 0 ? { attachments_left_out: leftOut } : {}),
    sessions: disk,
    ...(attachments.length > 0 ? { attachments } : {}),
  };
}

/** The export file's text: two-space JSON and a final newline; the same sessions give the same bytes except `exported_at`. */
export function serializeExport(
  sessions: readonly Session[],
  exportedAt: string,
  app: ExportApp,
  blobs: ReadonlyMap<string, Uint8Array> | "left-out" = new Map(),
): string {
  return `${JSON.stringify(buildExportDocument(sessions, exportedAt, app, blobs), null, 2)}\n`;
}
