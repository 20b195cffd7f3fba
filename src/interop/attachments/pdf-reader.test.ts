import { describe, expect, it } from "vitest";
import type { PdfReply, PdfRequest } from "./pdf-protocol.ts";
import { PdfReader } from "./pdf-reader.ts";
import type { WorkerPort } from "./worker-calls.ts";

function fakeWorker(answer: (request: PdfRequest) => string | null) {
  const asked: PdfRequest[] = [];
  const transferred: Transferable[][] = [];
  let started = 0;
  const port: WorkerPort<PdfRequest, PdfReply> = {
    onmessage: null,
    onerror: null,
    postMessage(message, transfer) {
      asked.push(message);
      transferred.push(transfer);
    },
  };
  const reply = () => {
    for (const request of asked.splice(0).reverse())
      port.onmessage?.({
        data: { id: request.id, text: answer(request) },
      } as MessageEvent<PdfReply>);
  };
  const start = () => {
    started++;
    return port;
  };
  return { port, asked, transferred, reply, start, started: () => started };
}

describe("PdfReader", () => {
  it("starts one worker on the first PDF, hands it a copy of the bytes, and matches answers out of order", async () => {
    const worker = fakeWorker(
      (r) => `${new Uint8Array(r.bytes).length} bytes, ${r.maxPages} pages`,
    );
    const reader = new PdfReader(worker.start);
    expect(worker.started()).toBe(0);
    const original = new Uint8Array([1, 2, 3]);
    const one = reader.read(original, 20);
    const two = reader.read(new Uint8Array([1]), 5);
    expect(worker.transferred[0]?.[0]).toBe(worker.asked[0]?.bytes);
    expect(worker.asked[0]?.bytes).not.toBe(original.buffer);
    worker.reply();
    expect(await one).toBe("3 bytes, 20 pages");
    expect(await two).toBe("1 bytes, 5 pages");
    expect(worker.started()).toBe(1);
    expect([...original]).toEqual([1, 2, 3]);
  });

  it("resolves null for a file the worker could not read, and for every file waiting when the worker fails", async () => {
    const worker = fakeWorker(() => null);
    const reader = new PdfReader(worker.start);
    const damaged = reader.read(new Uint8Array([1]), 20);
    worker.reply();
    expect(await damaged).toBeNull();
    const first = reader.read(new Uint8Array([1]), 20);
    const second = reader.read(new Uint8Array([2]), 20);
    worker.port.onerror?.({} as ErrorEvent);
    expect(await first).toBeNull();
    expect(await second).toBeNull();
  });
});
