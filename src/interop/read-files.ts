import { type CheckedFile, checkAttachments } from "./import-attachments.ts";
import type { ImportIssue } from "./import-issue.ts";
import {
  type ImportProgress,
  type ReadFileResult,
  readImportFile,
  sizeRefusal,
} from "./read-import-file.ts";

export type FileProgress = (fileIndex: number, fileName: string, progress: ImportProgress) => void;

/** A read file whose attachments' bytes were checked against their hashes. */
export type CheckedFileResult =
  | { ok: true; file: CheckedFile }
  | { ok: false; fileName: string; error: ImportIssue };

/**
 * Reads each file in turn and checks its attachments' bytes; a file over the size limit is
 * refused before its bytes are read.
 */
export async function readFiles(
  files: readonly File[],
  now: string,
  onProgress: FileProgress,
): Promise<CheckedFileResult[]> {
  const results: CheckedFileResult[] = [];
  for (const [index, file] of files.entries()) {
    const report = (progress: ImportProgress) => onProgress(index, file.name, progress);
    report({ phase: "reading", done: 0, total: file.size });
    const refused = sizeRefusal(file.name, file.size);
    if (refused && !refused.ok) {
      results.push(refused);
      continue;
    }
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(await file.arrayBuffer());
    } catch {
      // The browser could not give the file's bytes (it was moved, or permission was lost).
      results.push({
        ok: false,
        fileName: file.name,
        error: { path: "$", code: "file-unreadable" },
      });
      continue;
    }
    const read: ReadFileResult = readImportFile(file.name, bytes, { now, onProgress: report });
    results.push(read.ok ? { ok: true, file: await checkAttachments(read.file) } : read);
  }
  return results;
}
