import type { PdfReply, PdfRequest } from "./pdf-protocol.ts";
import { WorkerCalls, type WorkerPort } from "./worker-calls.ts";

/**
 * Reads PDFs' text in a worker, started on the first PDF: pdf.js's main module (about 440 kB)
 * is evaluated there, not on the page, where it was one task of about 95 ms on the first PDF
 * attached (docs/performance.md, Attachments). Resolves null for a file it cannot read.
 */
export class PdfReader {
  private readonly calls: WorkerCalls<PdfRequest, PdfReply>;

  constructor(
    start: () => WorkerPort<PdfRequest, PdfReply> = () =>
      new Worker(new URL("./pdf-worker.ts", import.meta.url), { type: "module" }),
  ) {
    this.calls = new WorkerCalls<PdfRequest, PdfReply>(start, (id) => ({ id, text: null }));
  }

  async read(bytes: Uint8Array, maxPages: number): Promise<string | null> {
    const copy = bytes.slice().buffer;
    const reply = await this.calls.call((id) => ({ id, bytes: copy, maxPages }), [copy]);
    return reply.text;
  }
}
