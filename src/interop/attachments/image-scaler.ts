import type { ScaleReply, ScaleRequest } from "./image-protocol.ts";

/** What the scaler needs of a Web Worker (a fake in tests). */
export interface ScaleWorkerPort {
  postMessage(message: ScaleRequest, transfer: Transferable[]): void;
  onmessage: ((event: MessageEvent<ScaleReply>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
}

/**
 * Scales images in a worker, started on the first image, so decoding a 20 MB photo never holds
 * the page up. Resolves null for an image the browser cannot decode.
 */
export class ImageScaler {
  private worker: ScaleWorkerPort | null = null;
  private nextId = 0;
  private readonly waiting = new Map<number, (reply: ScaleReply) => void>();

  constructor(
    private readonly start: () => ScaleWorkerPort = () =>
      new Worker(new URL("./image-worker.ts", import.meta.url), { type: "module" }),
  ) {}

  scale(blob: { bytes: Uint8Array; mime: string }, edge: number) {
    if (!this.worker) {
      this.worker = this.start();
      this.worker.onmessage = (event) => {
        this.waiting.get(event.data.id)?.(event.data);
        this.waiting.delete(event.data.id);
      };
      this.worker.onerror = () => {
        for (const answer of this.waiting.values()) answer({ id: -1, ok: false });
        this.waiting.clear();
      };
    }
    const id = this.nextId++;
    const bytes = blob.bytes.slice().buffer;
    const worker = this.worker;
    return new Promise<{ bytes: Uint8Array; mime: string } | null>((resolve) => {
      this.waiting.set(id, (reply) =>
        resolve(reply.ok ? { bytes: new Uint8Array(reply.bytes), mime: reply.mime } : null),
      );
      worker.postMessage({ id, bytes, mime: blob.mime, edge }, [bytes]);
    });
  }
}
