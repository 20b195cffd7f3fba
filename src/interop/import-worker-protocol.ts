import type { OutlineResult } from "./conversation-outline.ts";
import type { VerifiedBlob } from "./import-attachments.ts";
import type { ImportProgress } from "./read-import-file.ts";

/**
 * Sent to the import worker: first the files to read (and the time to use where a file gives
 * none), then, at the commit, the numbers of the conversations to hand over and the hashes of
 * the files to restore without their conversations.
 */
export type ImportRequest =
  | { type: "read"; files: File[]; now: string }
  | { type: "send"; indexes: number[]; restores: string[] };

/**
 * Sent back by the import worker: progress, the outlines of what it read (the sessions and the
 * checked attachment bytes stay in the worker), then at the commit the bytes the asked-for
 * sessions name (their buffers transferred) and the sessions in batches of JSON
 * (`encodeSessions`), each holding `count` sessions; `done` counts those sent so far. `gone`:
 * some asked-for sessions are no longer held (a new read replaced them), a normal outcome the
 * page words; `failed`: the worker itself broke (a bug), which the page can only report.
 */
export type ImportWorkerMessage =
  | { type: "progress"; fileIndex: number; fileName: string; progress: ImportProgress }
  | { type: "read"; results: OutlineResult[] }
  | { type: "blobs"; blobs: VerifiedBlob[] }
  | { type: "sessions"; batch: ArrayBuffer; count: number; done: number; total: number }
  | { type: "gone" }
  | { type: "failed" };
