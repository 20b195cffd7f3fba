import { describe, expect, it } from "vitest";
import type { ModelClient, ModelEvent } from "../../core/model.ts";
import { createTestClock } from "../../test/clock.ts";
import { ScriptedModel, type ScriptedTurn } from "../../test/scripted-model.ts";
import type { ProxyConfig } from "../proxy-config.ts";
import type { StreamWorkerRequest } from "./protocol.ts";
import { streamServer } from "./stream-server.ts";
import { createWorkerModelClient, type StreamWorkerPort } from "./worker-model-client.ts";

const config: ProxyConfig = { baseUrl: "", getAccessToken: () => "secret-token" };
const page = () => "http://parley.test/chat/abc";
const request = { model: "demo", messages: [{ role: "user" as const, content: "hi" }] };

async function collect(events: AsyncIterable<ModelEvent>): Promise<ModelEvent[]> {
  const out: ModelEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}

/** A port that hands messages across as a worker does: later, in a task of their own. */
function workerPort(model: (config: ProxyConfig) => ModelClient) {
  const seen: StreamWorkerRequest[] = [];
  // Each reading of the clock is a second later: no event waits to be joined with the next.
  const clock = { now: createTestClock(0, 1000).now, setTimeout, clearTimeout };
  const port: StreamWorkerPort = {
    onmessage: null,
    onerror: null,
    terminate() {},
    postMessage(message) {
      seen.push(structuredClone(message));
      setTimeout(() => handle(structuredClone(message)), 0);
    },
  };
  const handle = streamServer(
    (reply) => setTimeout(() => port.onmessage?.({ data: structuredClone(reply) } as MessageEvent)),
    model,
    clock,
  );
  return { port, seen };
}

const inPage = (turns: ScriptedTurn[]) => new ScriptedModel(turns);

describe("createWorkerModelClient", () => {
  it("streams the worker's events and sends it the request with an absolute base and the token", async () => {
    let configSeen: ProxyConfig | undefined;
    const model = new ScriptedModel([
      [
        { type: "text", delta: "Hel" },
        { type: "text", delta: "lo" },
        { type: "finish", reason: "stop" },
      ],
    ]);
    const { port, seen } = workerPort((c) => {
      configSeen = c;
      return model;
    });
    const client = createWorkerModelClient(config, inPage([]), () => port, page);
    const events = await collect(client.stream(request));
    expect(
      events
        .filter((e) => e.type === "text")
        .map((e) => e.delta)
        .join(""),
    ).toBe("Hello");
    expect(events.at(-1)).toEqual({ type: "finish", reason: "stop" });
    expect(seen[0]).toMatchObject({ type: "start", baseUrl: "http://parley.test" });
    expect(configSeen?.getAccessToken()).toBe("secret-token");
    expect(model.requests[0]?.messages).toEqual(request.messages);
  });

  it("tells the worker to stop when the request is aborted, and ends as aborted", async () => {
    const controller = new AbortController();
    const model = new ScriptedModel([
      async function* () {
        yield { type: "text", delta: "a" } as const;
        controller.abort();
        await new Promise((r) => setTimeout(r, 20));
        yield { type: "text", delta: "b" } as const;
      },
    ]);
    const { port, seen } = workerPort(() => model);
    const client = createWorkerModelClient(config, inPage([]), () => port, page);
    const events = await collect(client.stream({ ...request, signal: controller.signal }));
    expect(seen.some((m) => m.type === "abort")).toBe(true);
    expect(events.at(-1)).toEqual({ type: "error", error: { code: "aborted" } });
    expect(events).not.toContainEqual({ type: "text", delta: "b" });
  });

  it("stops the worker's answer when the reader stops early", async () => {
    const model = new ScriptedModel([
      [
        { type: "text", delta: "a" },
        { type: "text", delta: "b" },
      ],
    ]);
    const { port, seen } = workerPort(() => model);
    const client = createWorkerModelClient(config, inPage([]), () => port, page);
    for await (const event of client.stream(request)) {
      expect(event.type).toBe("text");
      break;
    }
    expect(seen.map((m) => m.type)).toEqual(["start", "abort"]);
  });

  it("reads in the page when the worker cannot start, now and after", async () => {
    const fallback = inPage([
      [{ type: "finish", reason: "stop" }],
      [{ type: "finish", reason: "length" }],
    ]);
    let spawns = 0;
    const client = createWorkerModelClient(
      config,
      fallback,
      () => {
        spawns += 1;
        throw new Error("refused by the CSP");
      },
      page,
    );
    expect(await collect(client.stream(request))).toEqual([{ type: "finish", reason: "stop" }]);
    expect(await collect(client.stream(request))).toEqual([{ type: "finish", reason: "length" }]);
    expect(spawns).toBe(1);
  });

  it("a worker that fails before answering: the answer is read in the page; after its first events: the connection is lost", async () => {
    const posted: StreamWorkerRequest[] = [];
    const port: StreamWorkerPort = {
      onmessage: null,
      onerror: null,
      terminate() {},
      postMessage: (m) => posted.push(m),
    };
    const fallback = inPage([
      [
        { type: "text", delta: "from the page" },
        { type: "finish", reason: "stop" },
      ],
    ]);
    const client = createWorkerModelClient(config, fallback, () => port, page);
    const first = collect(client.stream(request));
    const second = client.stream(request)[Symbol.asyncIterator]();
    const secondFirst = second.next();
    await new Promise((r) => setTimeout(r, 0));
    const secondId = posted[1]?.id ?? 0;
    port.onmessage?.({
      data: { id: secondId, events: [{ type: "text", delta: "x" }], done: false },
    } as MessageEvent);
    expect((await secondFirst).value).toEqual({ type: "text", delta: "x" });
    const secondNext = second.next();
    port.onerror?.({ preventDefault() {} } as ErrorEvent);
    expect(await first).toEqual([
      { type: "text", delta: "from the page" },
      { type: "finish", reason: "stop" },
    ]);
    expect((await secondNext).value).toEqual({ type: "error", error: { code: "connection_lost" } });
  });

  it("a message from the worker that is not one of its replies counts as the worker failing", async () => {
    const port: StreamWorkerPort = {
      onmessage: null,
      onerror: null,
      terminate() {},
      postMessage() {},
    };
    const fallback = inPage([[{ type: "finish", reason: "stop" }]]);
    const client = createWorkerModelClient(config, fallback, () => port, page);
    const events = collect(client.stream(request));
    await new Promise((r) => setTimeout(r, 0));
    port.onmessage?.({
      data: { id: 1, events: [{ type: "nonsense" }], done: true },
    } as MessageEvent);
    expect(await events).toEqual([{ type: "finish", reason: "stop" }]);
  });
});
