import type { OutlineResult } from "./conversation-outline.ts";
import type { ImportProgress } from "./read-import-file.ts";

/**
 * Sent to the import worker: first the files to read (and the time to use where a file gives
 * none), then, at the commit, the numbers of the conversations to hand over.
 */
export type ImportRequest =
  | { type: "read"; files: File[]; now: string }
  | { type: "send"; indexes: number[] };

/**
 * Sent back by the import worker: progress, the outlines of what it read (the sessions stay in
 * the worker), then the asked-for sessions in batches of JSON (`encodeSessions`), each holding
 * `count` sessions; `done` counts those sent so far.
 */
export type ImportWorkerMessage =
  | { type: "progress"; fileIndex: number; fileName: string; progress: ImportProgress }
  | { type: "read"; results: OutlineResult[] }
  | { type: "sessions"; batch: ArrayBuffer; count: number; done: number; total: number }
  | { type: "failed"; message: string };
