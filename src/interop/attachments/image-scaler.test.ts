import { describe, expect, it } from "vitest";
import type { ScaleReply, ScaleRequest } from "./image-protocol.ts";
import { ImageScaler, type ScaleWorkerPort } from "./image-scaler.ts";

/** A worker that answers each request as `answer` says, when told to. */
function fakeWorker(answer: (request: ScaleRequest) => ScaleReply) {
  const asked: ScaleRequest[] = [];
  let started = 0;
  const port: ScaleWorkerPort = {
    onmessage: null,
    onerror: null,
    postMessage(message) {
      asked.push(message);
    },
  };
  const reply = () => {
    for (const request of asked.splice(0))
      port.onmessage?.({ data: answer(request) } as MessageEvent<ScaleReply>);
  };
  const start = () => {
    started++;
    return port;
  };
  return { port, asked, reply, start, started: () => started };
}

describe("ImageScaler", () => {
  it("starts one worker on the first image and matches each answer to its request", async () => {
    const worker = fakeWorker((r) => ({
      id: r.id,
      ok: true,
      bytes: new Uint8Array([r.edge % 256, r.bytes.byteLength]).buffer,
      mime: "image/jpeg",
    }));
    const scaler = new ImageScaler(worker.start);
    expect(worker.started()).toBe(0);
    const one = scaler.scale({ bytes: new Uint8Array([1]), mime: "image/png" }, 2048);
    const two = scaler.scale({ bytes: new Uint8Array([1, 2]), mime: "image/png" }, 100);
    expect(worker.asked.map((r) => r.mime)).toEqual(["image/png", "image/png"]);
    worker.reply();
    expect([...((await one)?.bytes ?? [])]).toEqual([0, 1]);
    expect([...((await two)?.bytes ?? [])]).toEqual([100, 2]);
    expect(worker.started()).toBe(1);
  });

  it("resolves null for an image the worker could not decode, and when the worker fails", async () => {
    const worker = fakeWorker((r) => ({ id: r.id, ok: false }));
    const scaler = new ImageScaler(worker.start);
    const bad = scaler.scale({ bytes: new Uint8Array([1]), mime: "image/png" }, 10);
    worker.reply();
    expect(await bad).toBeNull();
    const lost = scaler.scale({ bytes: new Uint8Array([1]), mime: "image/png" }, 10);
    worker.port.onerror?.({} as ErrorEvent);
    expect(await lost).toBeNull();
  });
});
