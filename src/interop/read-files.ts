import {
  type ImportProgress,
  type ReadFileResult,
  readImportFile,
  sizeRefusal,
} from "./read-import-file.ts";

export type FileProgress = (fileIndex: number, fileName: string, progress: ImportProgress) => void;

/** Reads each file in turn; a file over the size limit is refused before its bytes are read. */
export async function readFiles(
  files: readonly File[],
  now: string,
  onProgress: FileProgress,
): Promise<ReadFileResult[]> {
  const results: ReadFileResult[] = [];
  for (const [index, file] of files.entries()) {
    const report = (progress: ImportProgress) => onProgress(index, file.name, progress);
    report({ phase: "reading", done: 0, total: file.size });
    const refused = sizeRefusal(file.name, file.size);
    if (refused) {
      results.push(refused);
      continue;
    }
    try {
      const bytes = new Uint8Array(await file.arrayBuffer());
      results.push(readImportFile(file.name, bytes, { now, onProgress: report }));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      results.push({
        ok: false,
        fileName: file.name,
        error: { path: "$", message: `The file could not be read (${reason}). Try again.` },
      });
    }
  }
  return results;
}
