/// <reference lib="webworker" />

import "../core/zod-jitless.ts";
import type { Session } from "../core/session.ts";
import { outlineFile } from "./conversation-outline.ts";
import { encodeSessions } from "./encoded-sessions.ts";
import { blobsToSend, heldBlobs, type VerifiedBlob } from "./import-attachments.ts";
import type { ImportRequest, ImportWorkerMessage } from "./import-worker-protocol.ts";
import { readFiles } from "./read-files.ts";
import { sessionBatches } from "./session-batches.ts";

/** About 250,000 characters per batch: a few milliseconds to decode on the page. */
const BATCH_CHARS = 250_000;

const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (message: ImportWorkerMessage) => scope.postMessage(message);
let sessions: Session[] = [];
let blobs = new Map<string, VerifiedBlob>();

async function handle(request: ImportRequest): Promise<void> {
  if (request.type === "read") {
    const results = await readFiles(request.files, request.now, (fileIndex, fileName, progress) =>
      post({ type: "progress", fileIndex, fileName, progress }),
    );
    sessions = [];
    blobs = heldBlobs(results);
    post({ type: "read", results: results.map((result) => outlineFile(result, sessions)) });
    return;
  }
  const picked = request.indexes.flatMap((i) => sessions[i] ?? []);
  if (picked.length !== request.indexes.length) {
    post({ type: "gone" });
    return;
  }
  const named = blobsToSend(picked, request.restores, blobs);
  scope.postMessage(
    { type: "blobs", blobs: named },
    named.map((b) => b.bytes.buffer as ArrayBuffer),
  );
  if (picked.length === 0)
    post({ type: "sessions", batch: encodeSessions([]), count: 0, done: 0, total: 0 });
  let done = 0;
  for (const group of sessionBatches(picked, BATCH_CHARS)) {
    const batch = encodeSessions(group);
    done += group.length;
    scope.postMessage(
      { type: "sessions", batch, count: group.length, done, total: picked.length },
      [batch],
    );
  }
}

scope.onmessage = (event: MessageEvent<ImportRequest>) => {
  handle(event.data).catch((error: unknown) => {
    post({ type: "failed" });
    // A bug: let it reach the worker's console as well, where it can be seen.
    throw error;
  });
};
