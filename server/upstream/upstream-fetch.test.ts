import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nodeFetch } from "../node-fetch.ts";
import { chatInit } from "../test/browser-turn.ts";
import { type FakeUpstream, startFakeUpstream } from "../test/fake-upstream.ts";
import { fixtureStream, fixtureText } from "../test/fixtures.ts";
import { readSse } from "../test/sse.ts";
import { upstreamApp as baseApp } from "../test/upstream-app.ts";

const ask = (stream = true) =>
  chatInit({ model: "up/m", messages: [{ role: "user", content: "hi" }], stream });
const ok = () => ({ pieces: [fixtureStream("openai-chat/openai-python__text-with-logprobs.sse")] });

async function errorOf(response: Response) {
  return (
    (await response.json()) as {
      error: { type: string; message: string; status: number; provider?: string; code?: string };
    }
  ).error;
}

describe.each([
  ["the built-in fetch", undefined],
  ["the Node entry's fetch", nodeFetch],
])("upstream errors, retries and timeouts, with %s", (_name, fetchImpl) => {
  const upstreamApp = (
    origin: string,
    env: Record<string, string> = {},
    overrides: Parameters<typeof baseApp>[2] = {},
  ) => baseApp(origin, env, fetchImpl ? { ...overrides, fetch: fetchImpl } : overrides);
  let upstream: FakeUpstream;
  beforeAll(async () => {
    upstream = await startFakeUpstream();
  });
  afterAll(() => upstream.close());
  const requestsSince = (before: number) => upstream.requests.length - before;

  it("errors/openai-400-unsupported-parameter.json: 400 with the upstream's words and what to do, not retried", async () => {
    const before = upstream.requests.length;
    upstream.handle(() => ({
      status: 400,
      body: fixtureText("errors/openai-400-unsupported-parameter.json"),
    }));
    const response = await upstreamApp(upstream.origin).send("/v1/chat/completions", ask());
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error).toMatchObject({
      type: "upstream_rejected",
      status: 400,
      provider: "up",
      code: "unsupported_parameter",
    });
    expect(error.message).toContain("Use 'max_completion_tokens' instead");
    expect(error.message).toContain("Change the request");
    expect(requestsSince(before)).toBe(1);
  });

  it("errors/openai-400-unknown-parameter.json: 400 naming the parameter", async () => {
    upstream.handle(() => ({
      status: 400,
      body: fixtureText("errors/openai-400-unknown-parameter.json"),
    }));
    const response = await upstreamApp(upstream.origin).send("/v1/chat/completions", ask(false));
    const error = await errorOf(response);
    expect(response.status).toBe(400);
    expect(error.code).toBe("unknown_parameter");
    expect(error.message).toContain("Unknown parameter: 'response_format'");
  });

  it("errors/openai-429-insufficient-quota.json: never retried, says to add credit", async () => {
    const before = upstream.requests.length;
    upstream.handle(() => ({
      status: 429,
      body: fixtureText("errors/openai-429-insufficient-quota.json"),
    }));
    const sleeps: number[] = [];
    const response = await upstreamApp(upstream.origin, {}, { sleeps }).send(
      "/v1/chat/completions",
      ask(),
    );
    expect(response.status).toBe(429);
    const error = await errorOf(response);
    expect(error.type).toBe("insufficient_quota");
    expect(error.message).toMatch(/Add credit/u);
    expect(requestsSince(before)).toBe(1);
    expect(sleeps).toEqual([]);
  });

  it("a rejected key names the variable to check", async () => {
    upstream.handle(() => ({
      status: 401,
      body: JSON.stringify({
        error: {
          message: "Incorrect API key provided.",
          type: "invalid_request_error",
          code: "invalid_api_key",
        },
      }),
    }));
    const response = await upstreamApp(upstream.origin).send("/v1/chat/completions", ask());
    expect(response.status).toBe(502);
    const error = await errorOf(response);
    expect(error.type).toBe("upstream_auth");
    expect(error.message).toContain("Check UP_KEY on the server");
  });

  it("503 then 200: retried before the first byte, honouring retry-after", async () => {
    const before = upstream.requests.length;
    let n = 0;
    upstream.handle(() =>
      n++ === 0 ? { status: 503, headers: { "retry-after": "2" }, body: "{}" } : ok(),
    );
    const sleeps: number[] = [];
    const response = await upstreamApp(upstream.origin, {}, { sleeps }).send(
      "/v1/chat/completions",
      ask(),
    );
    expect(response.status).toBe(200);
    expect((await readSse(response)).text).toBe("Foo!");
    expect(requestsSince(before)).toBe(2);
    expect(sleeps).toEqual([2000]);
  });

  it("429 with retry-after-ms is retried after that long", async () => {
    let n = 0;
    upstream.handle(() =>
      n++ === 0 ? { status: 429, headers: { "retry-after-ms": "150" }, body: "{}" } : ok(),
    );
    const sleeps: number[] = [];
    const response = await upstreamApp(upstream.origin, {}, { sleeps }).send(
      "/v1/chat/completions",
      ask(),
    );
    expect(response.status).toBe(200);
    expect(sleeps).toEqual([150]);
  });

  it("a retry-after beyond the limit is not waited for: the 429 goes back with Retry-After", async () => {
    const before = upstream.requests.length;
    upstream.handle(() => ({
      status: 429,
      headers: { "retry-after": "120" },
      body: JSON.stringify({ error: { message: "Rate limit reached" } }),
    }));
    const response = await upstreamApp(upstream.origin).send("/v1/chat/completions", ask());
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("120");
    expect((await errorOf(response)).message).toContain("Wait 120 s");
    expect(requestsSince(before)).toBe(1);
  });

  it("retry-after: 1e308 was forwarded as Retry-After: Infinity: it is clamped to a day", async () => {
    upstream.handle(() => ({
      status: 429,
      headers: { "retry-after": "1e308" },
      body: JSON.stringify({ error: { message: "Rate limit reached" } }),
    }));
    const response = await upstreamApp(upstream.origin).send("/v1/chat/completions", ask());
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("86400");
    expect((await errorOf(response)).message).toContain("Wait 86400 s");
  });

  it("5xx every time: gives up after maxRetries with a 502", async () => {
    const before = upstream.requests.length;
    upstream.handle(() => ({ status: 500, body: "upstream exploded" }));
    const sleeps: number[] = [];
    const response = await upstreamApp(
      upstream.origin,
      { PARLEY_MAX_RETRIES: "2" },
      { sleeps },
    ).send("/v1/chat/completions", ask());
    expect(response.status).toBe(502);
    expect((await errorOf(response)).message).toContain("upstream exploded");
    expect(requestsSince(before)).toBe(3);
    expect(sleeps).toHaveLength(2);
  });

  it("529 overloaded is retried, then reported as 503", async () => {
    upstream.handle(() => ({
      status: 529,
      body: JSON.stringify({
        type: "error",
        error: { type: "overloaded_error", message: "Overloaded" },
      }),
    }));
    const response = await upstreamApp(upstream.origin).send("/v1/chat/completions", ask());
    expect(response.status).toBe(503);
    expect(await errorOf(response)).toMatchObject({
      type: "upstream_overloaded",
      code: "overloaded_error",
    });
  });

  it("a failure after the first byte is not retried", async () => {
    const before = upstream.requests.length;
    upstream.handle(() => ({
      pieces: [
        'data: {"id":"x","choices":[{"index":0,"delta":{"content":"a"}}]}\n\n',
        'data: {"error":{"message":"boom"}}\n\n',
      ],
    }));
    const stream = await readSse(
      await upstreamApp(upstream.origin).send("/v1/chat/completions", ask()),
    );
    expect(stream.error?.type).toBe("upstream_stream_error");
    expect(requestsSince(before)).toBe(1);
  });

  it("an upstream that is not running: 502 saying to check it", async () => {
    const response = await upstreamApp("http://127.0.0.1:9").send("/v1/chat/completions", ask());
    expect(response.status).toBe(502);
    const error = await errorOf(response);
    expect(error.type).toBe("upstream_unreachable");
    expect(error.message).toMatch(/Check that it is running/u);
  });

  it("connect timeout: no headers in time gives 504", async () => {
    upstream.handle(() => ({ hang: true }));
    const started = Date.now();
    const response = await upstreamApp(upstream.origin, { PARLEY_CONNECT_TIMEOUT_MS: "200" }).send(
      "/v1/chat/completions",
      ask(),
    );
    expect(response.status).toBe(504);
    expect((await errorOf(response)).type).toBe("upstream_timeout");
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await upstream.requests.at(-1)?.ended).toBe("aborted");
  });

  it("idle timeout: an upstream that goes silent mid-answer is cut and reported", async () => {
    upstream.handle(() => ({
      stallAfter: 'data: {"id":"x","choices":[{"index":0,"delta":{"content":"so far"}}]}\n\n',
    }));
    const response = await upstreamApp(upstream.origin, { PARLEY_IDLE_TIMEOUT_MS: "200" }).send(
      "/v1/chat/completions",
      ask(),
    );
    const stream = await readSse(response);
    expect(stream.text).toBe("so far");
    expect(stream.error).toMatchObject({ type: "upstream_timeout", status: 504 });
    expect(await upstream.requests.at(-1)?.ended).toBe("aborted");
  });
});
