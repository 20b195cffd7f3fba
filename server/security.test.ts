import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "./app.ts";
import { loadConfig } from "./config/load-config.ts";
import type { LogEntry } from "./context.ts";
import { nodeClientAddress } from "./node-address.ts";
import { chatInit } from "./test/browser-turn.ts";
import { type FakeUpstream, startFakeUpstream } from "./test/fake-upstream.ts";
import { fixtureStream } from "./test/fixtures.ts";
import { listen } from "./test/listen.ts";

const OPENAI_KEY = "sk-canary-9f8e7d6c5b4a39281706aa";
const ANTHROPIC_KEY = "sk-ant-canary-0a1b2c3d4e5f607182";
const TOKEN = "tok-canary-5566778899aabbccddee";
const SECRETS = [OPENAI_KEY, ANTHROPIC_KEY, TOKEN];

function leaks(haystack: string): string[] {
  const found: string[] = [];
  for (const secret of SECRETS) {
    for (let i = 0; i + 8 <= secret.length; i += 1) {
      const piece = secret.slice(i, i + 8);
      if (haystack.includes(piece)) found.push(piece);
    }
  }
  return found;
}

describe("keys stay on the server: a canary key never shows in a response or a log line", () => {
  let upstream: FakeUpstream;
  beforeAll(async () => {
    upstream = await startFakeUpstream((request) => {
      const key = request.headers.authorization ?? request.headers["x-api-key"] ?? "";
      const said = JSON.stringify(request.json ?? {});
      const echo = (status: number) => ({
        status,
        body: JSON.stringify({
          error: { message: `Incorrect API key provided: ${key}.`, code: "invalid_api_key" },
        }),
      });
      if (request.method === "GET") return echo(500);
      const anthropic = request.path.startsWith("/v1/messages");
      if (said.includes("say-401")) return echo(401);
      if (said.includes("say-500")) return echo(500);
      if (said.includes("say-400")) return echo(400);
      if (said.includes("say-instream")) {
        return anthropic
          ? {
              pieces: [
                `event: error\ndata: {"type":"error","error":{"type":"api_error","message":"key ${key} failed"}}\n\n`,
              ],
            }
          : { pieces: [`data: {"error":{"message":"key ${key} failed"}}\n\n`] };
      }
      return {
        pieces: [
          fixtureStream(
            anthropic
              ? "anthropic/vercel-ai__anthropic-text.chunks.txt"
              : "openai-chat/openai-python__text-with-logprobs.sse",
          ),
        ],
      };
    });
  });
  afterAll(() => upstream.close());

  it("searches every response and log line for any 8-character piece of the keys and the token", async () => {
    const logs: LogEntry[] = [];
    const config = loadConfig({
      OPENAI_API_KEY: OPENAI_KEY,
      OPENAI_BASE_URL: `${upstream.origin}/v1`,
      ANTHROPIC_API_KEY: ANTHROPIC_KEY,
      ANTHROPIC_BASE_URL: upstream.origin,
      PARLEY_ACCESS_TOKEN: TOKEN,
      DEMO_DELAY_MS: "0",
    });
    const app = createApp({
      config,
      log: (e) => logs.push(e),
      sleep: async () => {},
      clientAddress: nodeClientAddress,
    });
    const server = await listen(app);
    const seen: string[] = [];
    const auth = { authorization: `Bearer ${TOKEN}` };
    const call = async (path: string, init: RequestInit = {}) => {
      const response = await fetch(`${server.origin}${path}`, init);
      seen.push(
        `${response.status} ${JSON.stringify([...response.headers])} ${await response.text()}`,
      );
    };
    try {
      await call("/healthz");
      await call("/v1/models", { headers: auth });
      await call("/v1/models");
      await call("/v1/models", { headers: { authorization: "Bearer tok-canary-wrong-guess-000" } });
      for (const model of ["openai/m", "anthropic/m", "demo"]) {
        for (const text of ["hello", "say-401", "say-500", "say-400", "say-instream"]) {
          for (const stream of [true, false]) {
            await call(
              "/v1/chat/completions",
              chatInit({ model, stream, messages: [{ role: "user", content: text }] }, auth),
            );
          }
        }
      }
      await call(
        "/v1/chat/completions",
        chatInit({ model: "nope/x", messages: [{ role: "user", content: "x" }] }, auth),
      );
      await call("/v1/chat/completions", {
        method: "POST",
        headers: { ...auth, "content-type": "application/json" },
        body: "{",
      });
    } finally {
      await server.close();
    }
    expect(seen.length).toBeGreaterThan(30);
    expect(seen.join("\n")).toContain("Incorrect API key provided");
    expect(upstream.requests.some((r) => r.headers.authorization === `Bearer ${OPENAI_KEY}`)).toBe(
      true,
    );
    expect(upstream.requests.some((r) => r.headers["x-api-key"] === ANTHROPIC_KEY)).toBe(true);
    expect(leaks(seen.join("\n"))).toEqual([]);
    expect(logs.length).toBeGreaterThan(30);
    expect(leaks(logs.map((l) => JSON.stringify(l)).join("\n"))).toEqual([]);
  });
});

describe("the browser names a model, never a URL", () => {
  it("ignores base URLs in the body, the query and the Host header", async () => {
    const good = await startFakeUpstream(() => ({
      pieces: [fixtureStream("openai-chat/openai-python__text-with-logprobs.sse")],
    }));
    const evil = await startFakeUpstream(() => ({
      pieces: [fixtureStream("openai-chat/openai-python__text-with-logprobs.sse")],
    }));
    try {
      const config = loadConfig({
        OPENAI_API_KEY: "sk-x",
        OPENAI_BASE_URL: `${good.origin}/v1`,
        OPENAI_MODELS: "m",
      });
      const app = createApp({ config, log: () => {} });
      const body = {
        model: "openai/m",
        messages: [{ role: "user", content: "hi" }],
        api_base: `${evil.origin}/v1`,
        base_url: `${evil.origin}/v1`,
        baseURL: `${evil.origin}/v1`,
        url: `${evil.origin}/v1/chat/completions`,
      };
      const url = `http://evil.example/v1/chat/completions?api_base=${encodeURIComponent(evil.origin)}&base_url=${encodeURIComponent(evil.origin)}`;
      const response = await app.request(
        url,
        chatInit(body, {
          host: new URL(evil.origin).host,
          "x-forwarded-host": new URL(evil.origin).host,
          "x-api-base": evil.origin,
        }),
      );
      expect(response.status).toBe(200);
      expect(evil.requests).toHaveLength(0);
      expect(good.requests).toHaveLength(1);
      const sent = good.requests[0];
      expect(sent?.path).toBe("/v1/chat/completions");
      expect(sent?.headers.host).toBe(new URL(good.origin).host);
      expect(Object.keys(sent?.json ?? {}).sort()).toEqual([
        "messages",
        "model",
        "stream",
        "stream_options",
      ]);
    } finally {
      await good.close();
      await evil.close();
    }
  });
});

describe("access token, CORS, limits", () => {
  const demo = (env: Record<string, string> = {}) => {
    const logs: LogEntry[] = [];
    const app = createApp({
      config: loadConfig({ DEMO_DELAY_MS: "0", ...env }),
      log: (e) => logs.push(e),
      clientAddress: (request) => request.headers.get("x-test-client") ?? "10.0.0.1",
    });
    return { app, logs };
  };
  const hello = (headers: Record<string, string> = {}, stream = false) =>
    chatInit({ model: "demo", stream, messages: [{ role: "user", content: "hello" }] }, headers);

  it("with PARLEY_ACCESS_TOKEN, every /v1 request needs the bearer token (401 otherwise)", async () => {
    const { app } = demo({ PARLEY_ACCESS_TOKEN: TOKEN });
    const none = await app.request("/v1/chat/completions", hello());
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toContain("Bearer");
    expect(await none.json()).toMatchObject({ error: { type: "unauthorized", status: 401 } });
    expect((await app.request("/v1/models")).status).toBe(401);
    expect(
      (await app.request("/v1/models", { headers: { authorization: `Bearer ${TOKEN}x` } })).status,
    ).toBe(401);
    expect(
      (await app.request("/v1/models", { headers: { authorization: `Basic ${TOKEN}` } })).status,
    ).toBe(401);
    expect(
      (await app.request("/v1/models", { headers: { authorization: `Bearer ${TOKEN}` } })).status,
    ).toBe(200);
    expect(
      (await app.request("/v1/chat/completions", hello({ authorization: `Bearer ${TOKEN}` })))
        .status,
    ).toBe(200);
    expect((await app.request("/healthz")).status).toBe(200);
  });

  it("same-origin by default: no CORS headers, and another site's POST is refused", async () => {
    const { app } = demo();
    const models = await app.request("/v1/models", { headers: { origin: "https://evil.example" } });
    expect(models.headers.get("access-control-allow-origin")).toBeNull();
    const cross = await app.request(
      "/v1/chat/completions",
      hello({ origin: "https://evil.example", "sec-fetch-site": "cross-site" }),
    );
    expect(cross.status).toBe(403);
    expect(((await cross.json()) as { error: { message: string } }).error.message).toContain(
      "PARLEY_CORS_ORIGINS",
    );
    expect(
      (
        await app.request(
          "/v1/chat/completions",
          hello({ origin: "http://localhost", "sec-fetch-site": "same-origin" }),
        )
      ).status,
    ).toBe(200);
  });

  it("CORS only for the origins listed in the configuration", async () => {
    const { app } = demo({
      PARLEY_CORS_ORIGINS: "https://chat.example.com",
      PARLEY_ACCESS_TOKEN: TOKEN,
    });
    const preflight = await app.request("/v1/chat/completions", {
      method: "OPTIONS",
      headers: {
        origin: "https://chat.example.com",
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization, content-type",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("https://chat.example.com");
    expect(preflight.headers.get("access-control-allow-headers")).toContain("authorization");
    const allowed = await app.request(
      "/v1/chat/completions",
      hello({
        origin: "https://chat.example.com",
        "sec-fetch-site": "cross-site",
        authorization: `Bearer ${TOKEN}`,
      }),
    );
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get("access-control-allow-origin")).toBe("https://chat.example.com");
    const other = await app.request(
      "/v1/chat/completions",
      hello({
        origin: "https://evil.example",
        "sec-fetch-site": "cross-site",
        authorization: `Bearer ${TOKEN}`,
      }),
    );
    expect(other.status).toBe(403);
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("body limit: 413 for a declared length and for a chunked body", async () => {
    const { app } = demo({ PARLEY_BODY_LIMIT_BYTES: "2048" });
    const big = JSON.stringify({
      model: "demo",
      messages: [{ role: "user", content: "x".repeat(5000) }],
    });
    const declared = await app.request("/v1/chat/completions", {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": String(big.length) },
      body: big,
    });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toMatchObject({
      error: { type: "payload_too_large", status: 413 },
    });
    const server = await listen(app);
    try {
      let pulled = 0;
      const chunked = new ReadableStream<Uint8Array>({
        pull(controller) {
          pulled += 1;
          if (pulled > 1000) controller.close();
          else controller.enqueue(new TextEncoder().encode("x".repeat(1000)));
        },
      });
      const response = await fetch(`${server.origin}/v1/chat/completions`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: chunked,
        duplex: "half",
      } as RequestInit);
      expect(response.status).toBe(413);
      expect(await response.json()).toMatchObject({ error: { type: "payload_too_large" } });
      expect((await app.request("/v1/chat/completions", hello())).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it("a body that is not JSON-typed is refused with 415", async () => {
    const { app } = demo();
    const response = await app.request("/v1/chat/completions", {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: "{}",
    });
    expect(response.status).toBe(415);
  });

  it("per-client rate limit on upstream models: 429 with Retry-After; other clients and the demo unaffected", async () => {
    const upstreamFetch = async () =>
      new Response(fixtureStream("openai-chat/openai-python__text-with-logprobs.sse"), {
        headers: { "content-type": "text/event-stream" },
      });
    const app = createApp({
      config: loadConfig({
        OPENAI_API_KEY: "sk-x",
        OPENAI_MODELS: "m",
        PARLEY_RATE_LIMIT_PER_MINUTE: "60",
        PARLEY_RATE_LIMIT_BURST: "2",
      }),
      fetch: upstreamFetch,
      log: () => {},
      clientAddress: (request) => request.headers.get("x-test-client") ?? "10.0.0.1",
    });
    const ask = (headers: Record<string, string> = {}) =>
      chatInit({ model: "openai/m", messages: [{ role: "user", content: "hi" }] }, headers);
    expect((await app.request("/v1/chat/completions", ask())).status).toBe(200);
    expect((await app.request("/v1/chat/completions", ask())).status).toBe(200);
    const limited = await app.request("/v1/chat/completions", ask());
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await limited.json()).toMatchObject({ error: { type: "rate_limited", status: 429 } });
    expect(
      (await app.request("/v1/chat/completions", ask({ "x-test-client": "10.0.0.2" }))).status,
    ).toBe(200);
    expect((await app.request("/v1/chat/completions", hello())).status).toBe(200);
  });

  it("a cap on concurrent streams: 503 with Retry-After while full", async () => {
    const { app } = demo({ PARLEY_MAX_STREAMS: "1", DEMO_DELAY_MS: "20" });
    const first = await app.request(
      "/v1/chat/completions",
      chatInit({ model: "demo", stream: true, messages: [{ role: "user", content: "long" }] }),
    );
    const reader = first.body?.getReader();
    await reader?.read();
    const second = await app.request("/v1/chat/completions", hello());
    expect(second.status).toBe(503);
    expect(second.headers.get("retry-after")).toBe("1");
    await reader?.cancel();
    expect((await app.request("/v1/chat/completions", hello())).status).toBe(200);
  });

  it("one JSON access-log line per request, without bodies or secrets", async () => {
    const { app, logs } = demo({ PARLEY_ACCESS_TOKEN: TOKEN });
    await app.request("/v1/chat/completions", hello({ authorization: `Bearer ${TOKEN}` }));
    await app.request("/v1/models");
    expect(logs).toHaveLength(2);
    expect(logs[0]).toMatchObject({
      method: "POST",
      path: "/v1/chat/completions",
      status: 200,
      model: "demo",
      client: "10.0.0.1",
      outcome: "complete",
    });
    expect(logs[1]).toMatchObject({ path: "/v1/models", status: 401, error: "unauthorized" });
    const text = JSON.stringify(logs);
    expect(text).not.toContain("hello");
    expect(leaks(text)).toEqual([]);
  });
});
