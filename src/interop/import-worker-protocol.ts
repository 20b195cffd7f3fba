import type { ImportProgress, ReadFileResult } from "./read-import-file.ts";

/** Sent to the import worker: the files to read and the time to use where a file gives none. */
export interface ImportRequest {
  files: File[];
  now: string;
}

/** Sent back by the import worker. */
export type ImportWorkerMessage =
  | { type: "progress"; fileIndex: number; fileName: string; progress: ImportProgress }
  | { type: "done"; results: ReadFileResult[] };
