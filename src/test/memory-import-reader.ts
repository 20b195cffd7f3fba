import { failed, ok } from "../core/result.ts";
import type { Session } from "../core/session.ts";
import { outlineFile } from "../interop/conversation-outline.ts";
import { EncodedSessions, encodeSessions } from "../interop/encoded-sessions.ts";
import { blobsToSend, heldBlobs, type VerifiedBlob } from "../interop/import-attachments.ts";
import { readWorkerMessage } from "../interop/import-worker-messages.ts";
import { readFiles } from "../interop/read-files.ts";
import type { ImportReader } from "../services/import/import-service.ts";

/**
 * The import worker's work done in this thread: read, outline, then hand the sessions over. The
 * outlines pass the page's check of the worker's messages, after `garble` when one is set.
 */
export class MemoryImportReader implements ImportReader {
  private held: Session[] = [];
  private blobs = new Map<string, VerifiedBlob>();
  closed = false;
  garble: ((message: Record<string, unknown>) => unknown) | undefined;

  async read(...[files, now, onProgress]: Parameters<ImportReader["read"]>) {
    const results = await readFiles(files, now, onProgress);
    this.held = [];
    this.blobs = heldBlobs(results);
    const message = { type: "read", results: results.map((r) => outlineFile(r, this.held)) };
    const checked = readWorkerMessage(this.garble ? this.garble(message) : message);
    if (!checked.ok) return checked;
    return checked.value.type === "read" ? ok(checked.value.results) : ok([]);
  }

  async sessions(
    indexes: readonly number[],
    onProgress: (done: number, total: number) => void,
    restores: readonly string[] = [],
  ) {
    if (this.closed) throw new DOMException("The import was cancelled.", "AbortError");
    const picked = indexes.flatMap((i) => this.held[i] ?? []);
    onProgress(picked.length, indexes.length);
    if (picked.length !== indexes.length) return failed({ code: "conversations_gone" as const });
    return ok(
      new EncodedSessions(
        [encodeSessions(picked)],
        picked.length,
        blobsToSend(picked, restores, this.blobs),
      ),
    );
  }

  /** Drops the sessions read, as a new read in the worker would. */
  forget(): void {
    this.held = [];
  }

  close(): void {
    this.closed = true;
  }
}
