import { version } from "../../../package.json";
import type { Session } from "../../core/session.ts";
import type { BlobSource } from "../../interop/export-attachments.ts";
import { type ExportScope, exportFileName } from "../../interop/export-file-name.ts";
import {
  type ExportOptions,
  ExportWriter,
  type OversizedSession,
  partPieces,
} from "../../interop/export-parts.ts";
import { downloadBlob } from "./download.ts";

export type ExportOutcome =
  | {
      ok: true;
      files: number;
      credentialsRemoved: number;
      /** Attachments whose bytes the files leave out, as chosen. */
      attachmentsLeftOut: number;
      oversized: OversizedSession[];
    }
  | { ok: false; reason: string };

const APP = { name: "Parley", version };
/** Sessions read from storage at a time, so a large export is never held whole. */
const READ_BATCH = 100;
/** Between two files of a split export, so the browser takes each as its own download. */
const DOWNLOAD_GAP_MS = 400;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Where an export reads from: the sessions, their creation times and the attachments' bytes. */
export interface ExportSources {
  readMany(ids: readonly string[]): Promise<Session[]>;
  createdAt(id: string): string;
  blob: BlobSource;
}

/**
 * Exports sessions by id as Parley files, as many as the import's limits need (each one
 * `…-part-1-of-3.json` when there are several), so every file can be imported back. Each
 * attachment's bytes are read from storage when its file is made and go into a `Blob` at once,
 * so the page holds one attachment's text at a time, never a whole file's.
 */
export async function exportSessions(
  ids: readonly string[],
  scope: ExportScope,
  options: ExportOptions,
  sources: ExportSources,
): Promise<ExportOutcome> {
  const key = sources.createdAt;
  const ordered = [...ids].sort((a, b) =>
    key(a) !== key(b) ? (key(a) < key(b) ? -1 : 1) : a < b ? -1 : a > b ? 1 : 0,
  );
  const exportedAt = new Date().toISOString();
  const writer = new ExportWriter(exportedAt, APP, undefined, options);
  const files: Blob[] = [];
  let credentialsRemoved = 0;
  let attachmentsLeftOut = 0;
  const keep = async (parts: ReturnType<ExportWriter["take"]>) => {
    for (const part of parts) {
      const pieces = await partPieces(part, sources.blob, (text) => new Blob(text));
      files.push(new Blob(pieces, { type: "application/json" }));
      credentialsRemoved += part.credentialsRemoved;
      attachmentsLeftOut += part.attachmentsLeftOut;
    }
  };
  for (let start = 0; start < ordered.length; start += READ_BATCH) {
    for (const session of await sources.readMany(ordered.slice(start, start + READ_BATCH)))
      writer.add(session);
    await keep(writer.take());
  }
  await keep(writer.finish());
  for (const [index, blob] of files.entries()) {
    if (index > 0) await pause(DOWNLOAD_GAP_MS);
    const part = { index: index + 1, total: files.length };
    downloadBlob(exportFileName(scope, exportedAt, part), blob);
  }
  return {
    ok: true,
    files: files.length,
    credentialsRemoved,
    attachmentsLeftOut,
    oversized: writer.oversized,
  };
}
