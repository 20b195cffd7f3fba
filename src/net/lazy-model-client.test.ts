import { afterEach, describe, expect, it, vi } from "vitest";
import type { ModelEvent } from "../core/model.ts";
import type { StreamWorkerPort } from "./stream-worker/worker-model-client.ts";

afterEach(() => {
  vi.doUnmock("./http-model-client.ts");
  vi.resetModules();
});

const request = { model: "demo", messages: [] };

async function collect(events: AsyncIterable<ModelEvent>): Promise<ModelEvent[]> {
  const out: ModelEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}

describe("createLazyModelClient", () => {
  it("streams what the HTTP client streams, loading it once for every request", async () => {
    const created = vi.fn(() => ({
      async *stream() {
        yield { type: "text", delta: "hi" } as const;
        yield { type: "finish", reason: "stop" } as const;
      },
    }));
    vi.doMock("./http-model-client.ts", () => ({ createHttpModelClient: created }));
    const { createLazyModelClient } = await import("./lazy-model-client.ts");
    const client = createLazyModelClient({ baseUrl: "", getAccessToken: () => undefined });
    expect(created).not.toHaveBeenCalled();
    expect(await collect(client.stream(request))).toEqual([
      { type: "text", delta: "hi" },
      { type: "finish", reason: "stop" },
    ]);
    await collect(client.stream(request));
    expect(created).toHaveBeenCalledTimes(1);
  });

  it("says a client that cannot be loaded as a network error, and loads again next time", async () => {
    let fail = true;
    vi.doMock("./http-model-client.ts", () => {
      if (fail) throw new Error("chunk missing");
      return {
        createHttpModelClient: () => ({
          async *stream() {
            yield { type: "finish", reason: "stop" } as const;
          },
        }),
      };
    });
    const { createLazyModelClient } = await import("./lazy-model-client.ts");
    const client = createLazyModelClient({ baseUrl: "", getAccessToken: () => undefined });
    const first = await collect(client.stream(request));
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ type: "error", error: { code: "unreachable" } });
    fail = false;
    vi.resetModules();
    expect(await collect(client.stream(request))).toEqual([{ type: "finish", reason: "stop" }]);
  });

  it("with a worker, reads the answer there and loads the page's client only if it must", async () => {
    const created = vi.fn();
    vi.doMock("./http-model-client.ts", () => ({ createHttpModelClient: created }));
    const { createLazyModelClient } = await import("./lazy-model-client.ts");
    const port: StreamWorkerPort = {
      onmessage: null,
      onerror: null,
      terminate() {},
      postMessage(message) {
        if (message.type === "start")
          setTimeout(() =>
            port.onmessage?.({
              data: { id: message.id, events: [{ type: "finish", reason: "stop" }], done: true },
            } as MessageEvent),
          );
      },
    };
    const client = createLazyModelClient(
      { baseUrl: "", getAccessToken: () => undefined },
      () => port,
    );
    vi.stubGlobal("location", { href: "http://parley.test/" });
    try {
      expect(await collect(client.stream(request))).toEqual([{ type: "finish", reason: "stop" }]);
    } finally {
      vi.unstubAllGlobals();
    }
    expect(created).not.toHaveBeenCalled();
  });
});
