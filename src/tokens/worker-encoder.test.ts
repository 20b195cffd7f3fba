import { describe, expect, it } from "vitest";
import { fakeTokenizer } from "../test/fake-tokenizer.ts";
import {
  answer,
  type TokenWorkerRequest,
  type TokenWorkerResponse,
} from "./token-worker-protocol.ts";
import { WorkerEncoder, type WorkerPort } from "./worker-encoder.ts";

/** A worker that answers in the same thread, one task later, as the real one would. */
function fakeWorker(behaviour: "answers" | "cannot count" = "answers") {
  const tokenizer = fakeTokenizer();
  const received: TokenWorkerRequest[] = [];
  const transferred: Transferable[][] = [];
  const port: WorkerPort & { terminated: boolean; crash(message: string): void } = {
    onmessage: null,
    onerror: null,
    terminated: false,
    postMessage(request, transfer) {
      received.push(request.kind === "ranks" ? request : structuredClone(request));
      if (transfer) transferred.push(transfer);
      if (request.kind === "ranks") return;
      setTimeout(() => {
        const response: TokenWorkerResponse =
          behaviour === "answers"
            ? { id: request.id, ok: true, tokens: answer(tokenizer, request) }
            : { id: request.id, ok: false, message: "the ranks did not load" };
        port.onmessage?.(new MessageEvent("message", { data: response }));
      }, 0);
    },
    terminate() {
      port.terminated = true;
    },
    crash(message) {
      const event = new Event("error") as ErrorEvent;
      Object.defineProperty(event, "message", { value: message });
      port.onerror?.(event);
    },
  };
  return { port, received, transferred };
}

describe("WorkerEncoder", () => {
  it("starts the worker on the first request, not before, and reads its answers", async () => {
    const { port, received } = fakeWorker();
    let spawned = 0;
    const encoder = new WorkerEncoder(() => {
      spawned++;
      return port;
    });
    expect(spawned).toBe(0);
    const [messages, texts, tools] = await Promise.all([
      encoder.messages([{ role: "user", content: "hello" }]),
      encoder.texts(["abc", ""]),
      encoder.tools([
        { type: "function", function: { name: "t", description: "", parameters: {} } },
      ]),
    ]);
    expect(spawned).toBe(1);
    expect(messages).toEqual([9]);
    expect(texts).toEqual([3, 0]);
    expect(tools).toBeGreaterThan(0);
    expect(received.map((r) => r.kind)).toEqual(["messages", "texts", "tools"]);
    expect(new Set(received.map((r) => r.id)).size).toBe(3);
  });

  it("hands the worker the ranks it loads beside it, once, without a copy", async () => {
    const { port, received, transferred } = fakeWorker();
    const ranks = new ArrayBuffer(8);
    const encoder = new WorkerEncoder(
      () => port,
      async () => ranks,
    );
    await encoder.texts(["abc"]);
    await encoder.texts(["de"]);
    expect(received.filter((r) => r.kind === "ranks")).toEqual([{ id: 0, kind: "ranks", ranks }]);
    expect(transferred).toEqual([[ranks]]);
  });

  it("fails what is waiting, and stops counting, when the ranks do not load", async () => {
    const { port } = fakeWorker("cannot count");
    const encoder = new WorkerEncoder(
      () => port,
      () => Promise.reject(new Error("404 Not Found")),
    );
    await expect(encoder.texts(["a"])).rejects.toThrow(/ranks did not load: Error: 404/);
    await expect(encoder.messages([])).rejects.toThrow("ranks did not load");
  });

  it("fails every request once the tokenizer could not count", async () => {
    const { port } = fakeWorker("cannot count");
    const encoder = new WorkerEncoder(() => port);
    await expect(encoder.texts(["a"])).rejects.toThrow("the ranks did not load");
    await expect(encoder.texts(["b"])).rejects.toThrow("the ranks did not load");
  });

  it("fails what is waiting when the worker crashes, and stops it", async () => {
    const { port } = fakeWorker();
    const encoder = new WorkerEncoder(() => port);
    const waiting = encoder.texts(["a"]);
    port.crash("Refused to create a worker: Content Security Policy");
    await expect(waiting).rejects.toThrow("Content Security Policy");
    expect(port.terminated).toBe(true);
    await expect(encoder.messages([])).rejects.toThrow("Content Security Policy");
  });

  it("fails when the worker cannot even be created", async () => {
    const encoder = new WorkerEncoder(() => {
      throw new DOMException("Worker is not allowed", "SecurityError");
    });
    await expect(encoder.texts(["a"])).rejects.toThrow("Worker is not allowed");
  });

  it("stops the worker when disposed", async () => {
    const { port } = fakeWorker();
    const encoder = new WorkerEncoder(() => port);
    const waiting = encoder.texts(["a"]);
    encoder.dispose();
    expect(port.terminated).toBe(true);
    await expect(waiting).rejects.toThrow("closed");
  });
});
