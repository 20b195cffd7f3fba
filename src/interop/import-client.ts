import { failed, ok, type Result } from "../core/result.ts";
import type { OutlineResult } from "./conversation-outline.ts";
import { EncodedSessions } from "./encoded-sessions.ts";
import type { VerifiedBlob } from "./import-attachments.ts";
import { readWorkerMessage, type WorkerMessageInvalid } from "./import-worker-messages.ts";
import type { ImportRequest, ImportWorkerMessage } from "./import-worker-protocol.ts";
import type { FileProgress } from "./read-files.ts";

interface Pending {
  receive(message: ImportWorkerMessage): void;
  refuse(problem: WorkerMessageInvalid): void;
  fail(error: Error): void;
}

/** The worker broke (a bug or the browser): the page can only say the import could not run. */
const failure = (reason: string) => new Error(`import worker: ${reason}`);

/**
 * Why the sessions asked for did not all come: some are no longer held (a normal outcome), or
 * the worker sent a message the page could not check; the page words both.
 */
export type HandOverFailure = { code: "conversations_gone" } | WorkerMessageInvalid;

/**
 * One import's Web Worker: it reads and converts the files, so a 100 MB export does not freeze
 * the page, and keeps the converted sessions until the commit asks for them, so the page holds
 * only their outlines while the person decides. Started when an import begins; `close` stops it.
 */
export class ImportWorker {
  private readonly worker: Worker;
  private pending: Pending | undefined;

  constructor() {
    this.worker = new Worker(new URL("./import-worker.ts", import.meta.url), { type: "module" });
    this.worker.onmessage = (event: MessageEvent<unknown>) => {
      const read = readWorkerMessage(event.data);
      if (!read.ok) this.refuse(read.error);
      else if (read.value.type === "failed") this.settle(failure("failed"));
      else this.pending?.receive(read.value);
    };
    this.worker.onerror = (event) => {
      event.preventDefault();
      this.settle(failure(event.message || "error"));
    };
  }

  /** Reads the files; progress comes per file. */
  read(
    files: readonly File[],
    now: string,
    onProgress: FileProgress,
  ): Promise<Result<OutlineResult[], WorkerMessageInvalid>> {
    return this.ask({ type: "read", files: [...files], now }, (message, resolve) => {
      if (message.type === "progress")
        onProgress(message.fileIndex, message.fileName, message.progress);
      else if (message.type === "read") resolve(ok(message.results));
    });
  }

  /**
   * The sessions with these outline numbers, in this order, still encoded: they come in
   * batches, each its own small task on the page, and `onProgress` hears how many have come.
   */
  sessions(
    indexes: readonly number[],
    onProgress: (done: number, total: number) => void,
    restores: readonly string[] = [],
  ): Promise<Result<EncodedSessions, HandOverFailure>> {
    if (indexes.length === 0 && restores.length === 0)
      return Promise.resolve(ok(new EncodedSessions([], 0)));
    const batches: ArrayBuffer[] = [];
    let blobs: VerifiedBlob[] = [];
    let received = 0;
    const gone = failed<HandOverFailure>({ code: "conversations_gone" });
    const request: ImportRequest = { type: "send", indexes: [...indexes], restores: [...restores] };
    return this.ask(request, (message, resolve) => {
      if (message.type === "gone") resolve(gone);
      if (message.type === "blobs") blobs = message.blobs;
      if (message.type !== "sessions") return;
      batches.push(message.batch);
      received += message.count;
      onProgress(received, indexes.length);
      if (message.done < message.total) return;
      resolve(
        received === indexes.length ? ok(new EncodedSessions(batches, received, blobs)) : gone,
      );
    });
  }

  /** Stops the worker; a read or hand-over still waiting fails with an AbortError. */
  close(): void {
    this.worker.terminate();
    this.settle(new DOMException("The import was cancelled.", "AbortError"));
  }

  private ask<T>(
    request: ImportRequest,
    handle: (
      message: ImportWorkerMessage,
      resolve: (value: T | { ok: false; error: WorkerMessageInvalid }) => void,
    ) => void,
  ): Promise<T | { ok: false; error: WorkerMessageInvalid }> {
    this.settle(new Error("import worker: a step started before the last one ended"));
    return new Promise((resolve, reject) => {
      const done = (value: T | { ok: false; error: WorkerMessageInvalid }) => {
        if (this.pending === pending) this.pending = undefined;
        resolve(value);
      };
      const pending: Pending = {
        receive: (message) => handle(message, done),
        refuse: (problem) => done(failed(problem)),
        fail: (error) => {
          if (this.pending === pending) this.pending = undefined;
          reject(error);
        },
      };
      this.pending = pending;
      this.worker.postMessage(request);
    });
  }

  /** A message the page could not check ends the step in waiting with that problem. */
  private refuse(problem: WorkerMessageInvalid): void {
    const pending = this.pending;
    this.pending = undefined;
    pending?.refuse(problem);
  }

  private settle(error: Error): void {
    const pending = this.pending;
    this.pending = undefined;
    pending?.fail(error);
  }
}
