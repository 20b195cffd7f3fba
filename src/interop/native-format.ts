import { type DiskSession, snapshot } from "../core/codec/index.ts";
import type { Session } from "../core/session.ts";
import { scrubSecrets } from "./scrub-secrets.ts";

/** The value of `format` at the top of every Parley export. */
export const EXPORT_FORMAT = "parley";
/** The export file version this build writes; older versions are migrated on import. */
export const EXPORT_VERSION = 2;

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
  sessions: DiskSession[];
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

export function buildExportDocument(
  sessions: readonly Session[],
  exportedAt: string,
  app: ExportApp,
): ExportDocument {
  let removed = 0;
  const disk = [...sessions].sort(exportOrder).map((s) => {
    const exportable = exportableSession(s);
    removed += exportable.removed;
    return snapshot(exportable.session);
  });
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exported_at: exportedAt,
    app: { name: app.name, version: app.version },
    ...(removed > 0 ? { credentials_removed: removed } : {}),
    sessions: disk,
  };
}

/** The export file's text: two-space JSON and a final newline; the same sessions give the same bytes except `exported_at`. */
export function serializeExport(
  sessions: readonly Session[],
  exportedAt: string,
  app: ExportApp,
): string {
  return `${JSON.stringify(buildExportDocument(sessions, exportedAt, app), null, 2)}\n`;
}
