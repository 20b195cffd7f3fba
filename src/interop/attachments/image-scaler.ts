import type { ScaleReply, ScaleRequest } from "./image-protocol.ts";
import { WorkerCalls, type WorkerPort } from "./worker-calls.ts";

/** What the scaler needs of a Web Worker (a fake in tests). */
export type ScaleWorkerPort = WorkerPort<ScaleRequest, ScaleReply>;

/**
 * Scales images in a worker, started on the first image, so decoding a 20 MB photo never holds
 * the page up. Resolves null for an image the browser cannot decode.
 */
export class ImageScaler {
  private readonly calls: WorkerCalls<ScaleRequest, ScaleReply>;

  constructor(
    start: () => ScaleWorkerPort = () =>
      new Worker(new URL("./image-worker.ts", import.meta.url), { type: "module" }),
  ) {
    this.calls = new WorkerCalls<ScaleRequest, ScaleReply>(start, (id) => ({ id, ok: false }));
  }

  async scale(blob: { bytes: Uint8Array; mime: string }, edge: number) {
    const bytes = blob.bytes.slice().buffer;
    const reply = await this.calls.call((id) => ({ id, bytes, mime: blob.mime, edge }), [bytes]);
    return reply.ok ? { bytes: new Uint8Array(reply.bytes), mime: reply.mime } : null;
  }
}
