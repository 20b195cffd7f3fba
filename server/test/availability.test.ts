import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { loadConfig } from "../config/load-config.ts";
import type { AppEnv } from "../context.ts";
import { nodeClientAddress } from "../node-address.ts";
import { nodeFetch } from "../node-fetch.ts";
import { chatInit } from "./browser-turn.ts";
import { type FakeUpstream, startFakeUpstream } from "./fake-upstream.ts";
import { listen } from "./listen.ts";
import { readSse } from "./sse.ts";
import { upstreamApp } from "./upstream-app.ts";

/**
 * The proxy under test, behind a gate that sends `probe` once a chat request's whole body has
 * arrived and just before the proxy handles it: whatever the proxy then does on the main thread
 * happens while that probe is in flight, so a blocked event loop shows as a slow probe.
 */
async function proxyWithProbe(env: Record<string, string>, probe: (origin: string) => void) {
  const app = createApp({
    config: loadConfig({ DEMO_DELAY_MS: "0", ...env }),
    log: () => {},
    clientAddress: nodeClientAddress,
  });
  let origin = "";
  const gate = new Hono<AppEnv>();
  gate.use("/v1/chat/completions", async (c, next) => {
    await c.req.raw.clone().arrayBuffer();
    probe(origin);
    await next();
  });
  gate.route("/", app);
  const server = await listen(gate);
  origin = server.origin;
  return server;
}

async function healthzMs(origin: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${origin}/healthz`);
  await response.text();
  expect(response.status).toBe(200);
  return performance.now() - started;
}

describe("one request cannot freeze the proxy", () => {
  it("a demo message of 160,000 digits: a concurrent /healthz is not held up for seconds", async () => {
    let probe: Promise<number> | undefined;
    const server = await proxyWithProbe({}, (origin) => {
      probe ??= healthzMs(origin);
    });
    try {
      const response = await fetch(
        `${server.origin}/v1/chat/completions`,
        chatInit({
          model: "demo",
          stream: true,
          messages: [{ role: "user", content: "1".repeat(160_000) }],
        }),
      );
      expect(response.status).toBe(200);
      await response.text();
      expect(probe).toBeDefined();
      // What this guards against is work that grows with the square of the input, which holds
      // the event loop for tens of seconds at this size; 5 s is far from that and from a loaded
      // machine's delay (1,572 ms once at a load average of 12 against the former 1 s).
      expect(await probe).toBeLessThan(5000);
    } finally {
      await server.close();
    }
  });
});

describe("a request cannot flood the log", () => {
  it("an unknown model name of a million characters is cut in the log line and in the 404 body", async () => {
    const logs: string[] = [];
    const app = createApp({
      config: loadConfig({ DEMO_DELAY_MS: "0" }),
      log: (entry) => logs.push(JSON.stringify(entry)),
    });
    const model = `nope/${"m".repeat(1_000_000)}`;
    const response = await app.request(
      "/v1/chat/completions",
      chatInit({ model, messages: [{ role: "user", content: "hi" }] }),
    );
    expect(response.status).toBe(404);
    const body = await response.text();
    expect(body.length).toBeLessThan(1000);
    expect(JSON.parse(body)).toMatchObject({
      error: { type: "model_not_found", provider: null },
    });
    expect(logs).toHaveLength(1);
    expect(logs[0]?.length).toBeLessThan(1000);
    expect(logs[0]).toContain("nope/mmm");
  });
});

/** About `mb` megabytes of text in 64 KiB pieces, as a careless or hostile upstream sends it. */
const pieces = (mb: number, head = "", piece = "x") => [
  head,
  ...Array.from({ length: mb * 16 }, () => piece.repeat((64 * 1024) / piece.length)),
];
/** Whether the proxy closed the upstream's connection before its reply ended (it waits for the close). */
const closedEarly = async (upstream: FakeUpstream) =>
  (await upstream.requests.at(-1)?.ended) === "aborted";

describe.each([
  ["the built-in fetch", undefined],
  ["the Node entry's fetch", nodeFetch],
])("upstream bodies are read with a byte limit and a timer, with %s", (_name, fetchImpl) => {
  let upstream: FakeUpstream;
  beforeAll(async () => {
    upstream = await startFakeUpstream();
  });
  afterAll(() => upstream.close());
  const app = (env: Record<string, string> = {}, models: string[] | "discover" = ["m"]) =>
    upstreamApp(
      upstream.origin,
      { PARLEY_MAX_RETRIES: "0", ...env },
      {
        models,
        ...(fetchImpl ? { fetch: fetchImpl } : {}),
      },
    );
  const ask = (stream: boolean) =>
    chatInit({ model: "up/m", stream, messages: [{ role: "user", content: "hi" }] });

  it("an upstream that sends a 500 status and then goes silent was never timed out", async () => {
    upstream.handle(() => ({
      status: 500,
      headers: { "content-type": "application/json" },
      stallAfter: '{"error":',
    }));
    const response = await app({ PARLEY_IDLE_TIMEOUT_MS: "200" }).send(
      "/v1/chat/completions",
      ask(true),
    );
    expect(response.status).toBe(504);
    expect(await response.json()).toMatchObject({ error: { type: "upstream_timeout" } });
    expect(await closedEarly(upstream)).toBe(true);
  });

  it("an error body of 20 MB was read whole: only its first 64 KiB are read", async () => {
    upstream.handle(() => ({
      status: 400,
      headers: { "content-type": "text/plain" },
      pieces: pieces(20, "the upstream refused: "),
    }));
    const response = await app().send("/v1/chat/completions", ask(true));
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { message: string } };
    expect(error.message).toContain("the upstream refused: xxx");
    expect(await closedEarly(upstream)).toBe(true);
  });

  it("a JSON answer of 20 MB was read whole: it is refused past 8 MiB", async () => {
    upstream.handle(() => ({
      headers: { "content-type": "application/json" },
      pieces: pieces(20, '{"choices":[{"index":0,"message":{"content":"'),
    }));
    const response = await app().send("/v1/chat/completions", ask(false));
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ error: { type: "upstream_too_large" } });
    expect(await closedEarly(upstream)).toBe(true);
  });

  it("one SSE line of 20 MB with no end was read whole: the stream ends with an error past 8 MiB", async () => {
    upstream.handle(() => ({
      pieces: pieces(20, 'data: {"choices":[{"index":0,"delta":{"content":"'),
    }));
    const stream = await readSse(await app().send("/v1/chat/completions", ask(true)));
    expect(stream.error).toMatchObject({ type: "upstream_too_large", status: 502 });
    expect(await closedEarly(upstream)).toBe(true);
  });

  it("a model list of 20 MB was read whole: discovery fails past 8 MiB", async () => {
    upstream.handle(() => ({
      headers: { "content-type": "application/json" },
      pieces: pieces(20, '{"data":[{"id":"'),
    }));
    const listed = (await (await app({}, "discover").send("/v1/models")).json()) as {
      errors?: Array<{ message: string }>;
    };
    expect(listed.errors?.[0]?.message).toContain("larger than");
    expect(await closedEarly(upstream)).toBe(true);
  });

  it("a request nested 100,000 levels deep was a 500: it is a 400 naming the limit", async () => {
    const before = upstream.requests.length;
    const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    for (const model of ["up/m", "demo"]) {
      const response = await app().send("/v1/chat/completions", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: `{"model":"${model}","tool_choice":${deep},"messages":[{"role":"user","content":"hi"}]}`,
      });
      expect(response.status).toBe(400);
      const { error } = (await response.json()) as { error: { type: string; message: string } };
      expect(error.type).toBe("invalid_request");
      expect(error.message).toContain("64 levels");
    }
    expect(upstream.requests.length).toBe(before);
  });

  it("a stream of only keep-alive comments stayed open forever: it ends at the longest answer allowed", async () => {
    upstream.handle(() => ({ repeat: ": keep-alive\n\n", everyMs: 20 }));
    const stream = await readSse(
      await app({ PARLEY_MAX_ANSWER_MS: "300" }).send("/v1/chat/completions", ask(true)),
    );
    expect(stream.error).toMatchObject({ type: "upstream_timeout", status: 504 });
    expect(stream.error?.message).toContain("limits.maxAnswerMs");
    expect(await closedEarly(upstream)).toBe(true);
  });
});
