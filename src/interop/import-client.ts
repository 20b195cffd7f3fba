import type { ImportWorkerMessage } from "./import-worker-protocol.ts";
import type { FileProgress } from "./read-files.ts";
import type { ReadFileResult } from "./read-import-file.ts";

/**
 * Reads import files in a Web Worker, so a 100 MB export does not freeze the page. The worker
 * is started only when an import begins and stopped when it ends.
 */
export function readFilesInWorker(
  files: readonly File[],
  now: string,
  onProgress: FileProgress,
  signal?: AbortSignal,
): Promise<ReadFileResult[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./import-worker.ts", import.meta.url), { type: "module" });
    const stop = () => {
      worker.terminate();
      reject(new DOMException("The import was cancelled.", "AbortError"));
    };
    signal?.addEventListener("abort", stop, { once: true });
    worker.onmessage = (event: MessageEvent<ImportWorkerMessage>) => {
      const message = event.data;
      if (message.type === "progress")
        onProgress(message.fileIndex, message.fileName, message.progress);
      else {
        signal?.removeEventListener("abort", stop);
        worker.terminate();
        resolve(message.results);
      }
    };
    worker.onerror = (event) => {
      signal?.removeEventListener("abort", stop);
      worker.terminate();
      reject(
        new Error(
          `The import could not run: ${event.message || "the worker failed"}. Reload the page and try again.`,
        ),
      );
    };
    worker.postMessage({ files: [...files], now });
  });
}
