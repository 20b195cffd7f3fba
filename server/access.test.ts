import { describe, expect, it } from "vitest";
import { createApp } from "./app.ts";
import { loadConfig } from "./config/load-config.ts";
import type { LogEntry } from "./context.ts";
import { chatInit } from "./test/browser-turn.ts";
import { fixtureStream } from "./test/fixtures.ts";
import { listen } from "./test/listen.ts";

const TOKEN = "tok-canary-5566778899aabbccddee";

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

  it("per-client rate limit on upstream models: 429 with Retry-After; other clients unaffected", async () => {
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
    expect(await limited.json()).toMatchObject({
      error: { type: "rate_limited", status: 429, provider: null },
    });
    expect(
      (await app.request("/v1/chat/completions", ask({ "x-test-client": "10.0.0.2" }))).status,
    ).toBe(200);
  });

  it("demo requests skipped the rate limit: the demo is under the same per-client limit", async () => {
    const { app } = demo({ PARLEY_RATE_LIMIT_PER_MINUTE: "60", PARLEY_RATE_LIMIT_BURST: "2" });
    expect((await app.request("/v1/chat/completions", hello())).status).toBe(200);
    expect((await app.request("/v1/chat/completions", hello())).status).toBe(200);
    const limited = await app.request("/v1/chat/completions", hello());
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ error: { type: "rate_limited", status: 429 } });
    expect(
      (await app.request("/v1/chat/completions", hello({ "x-test-client": "10.0.0.2" }))).status,
    ).toBe(200);
  });

  it("an unknown model was answered 404 before the rate limiter ran: it counts like any request", async () => {
    const { app } = demo({ PARLEY_RATE_LIMIT_PER_MINUTE: "60", PARLEY_RATE_LIMIT_BURST: "2" });
    const unknown = () =>
      chatInit({ model: "nope/x", messages: [{ role: "user", content: "hi" }] });
    expect((await app.request("/v1/chat/completions", unknown())).status).toBe(404);
    expect((await app.request("/v1/chat/completions", unknown())).status).toBe(404);
    expect((await app.request("/v1/chat/completions", unknown())).status).toBe(429);
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
    expect(text).not.toContain(TOKEN.slice(0, 8));
  });
});
