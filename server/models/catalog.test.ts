import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { loadConfig } from "../config/load-config.ts";
import type { LogEntry } from "../context.ts";
import { chatInit } from "../test/browser-turn.ts";
import { type FakeUpstream, startFakeUpstream } from "../test/fake-upstream.ts";
import { fixtureStream } from "../test/fixtures.ts";

interface Listed {
  data: Array<{ id: string; owned_by: string }>;
  errors?: Array<{ type: string; provider: string; message: string }>;
}

describe("model discovery from the upstream's own list", () => {
  let upstream: FakeUpstream;
  let failing = false;
  beforeAll(async () => {
    upstream = await startFakeUpstream((request) => {
      if (request.method === "GET" && failing) return { status: 500, body: "down for maintenance" };
      if (request.path === "/v1/models")
        return {
          body: JSON.stringify({ object: "list", data: [{ id: "gpt-y" }, { id: "gpt-x" }] }),
        };
      if (request.path === "/anthropic/v1/models?limit=1000")
        return {
          body: JSON.stringify({ data: [{ id: "claude-a", type: "model" }], has_more: false }),
        };
      return { pieces: [fixtureStream("openai-chat/openai-python__text-with-logprobs.sse")] };
    });
  });
  afterAll(() => upstream.close());

  function app() {
    let now = 1_000_000;
    const logs: LogEntry[] = [];
    const config = loadConfig({
      OPENAI_API_KEY: "sk-o",
      OPENAI_BASE_URL: `${upstream.origin}/v1`,
      ANTHROPIC_API_KEY: "sk-a",
      ANTHROPIC_BASE_URL: `${upstream.origin}/anthropic`,
    });
    const instance = createApp({ config, log: (e) => logs.push(e), now: () => now });
    return { app: instance, logs, advance: (ms: number) => (now += ms) };
  }
  const listed = async (a: ReturnType<typeof app>) =>
    (await (await a.app.request("/v1/models")).json()) as Listed;

  it("lists <provider>/<model> ids from each upstream, plus demo, and caches the list", async () => {
    failing = false;
    const a = app();
    const before = upstream.requests.length;
    const body = await listed(a);
    expect(body.data.map((m) => m.id)).toEqual([
      "openai/gpt-x",
      "openai/gpt-y",
      "anthropic/claude-a",
      "demo",
    ]);
    expect(body.errors).toBeUndefined();
    const gets = upstream.requests.slice(before);
    expect(gets.find((r) => r.path === "/v1/models")?.headers.authorization).toBe("Bearer sk-o");
    expect(gets.find((r) => r.path.startsWith("/anthropic"))?.headers["x-api-key"]).toBe("sk-a");
    await listed(a);
    expect(upstream.requests.length - before).toBe(2);
    a.advance(11 * 60_000);
    await listed(a);
    expect(upstream.requests.length - before).toBe(4);
  });

  it("a model the upstream does not list is refused with 404", async () => {
    failing = false;
    const a = app();
    await listed(a);
    const response = await a.app.request(
      "/v1/chat/completions",
      chatInit({ model: "openai/gpt-z", messages: [{ role: "user", content: "x" }] }),
    );
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { message: string } }).error.message).toContain(
      'does not offer the model "gpt-z"',
    );
    const ok = await a.app.request(
      "/v1/chat/completions",
      chatInit({ model: "openai/gpt-x", messages: [{ role: "user", content: "x" }] }),
    );
    expect(ok.status).toBe(200);
  });

  it("a failed listing is reported, not fatal", async () => {
    failing = true;
    const a = app();
    const body = await listed(a);
    expect(body.data.map((m) => m.id)).toEqual(["demo"]);
    expect(body.errors?.map((e) => [e.type, e.provider])).toEqual([
      ["model_discovery_failed", "openai"],
      ["model_discovery_failed", "anthropic"],
    ]);
    expect(body.errors?.[0]?.message).toContain("down for maintenance");
    expect(a.logs.filter((l) => l.event === "model_discovery_failed")).toHaveLength(2);
    const health = (await (await a.app.request("/healthz")).json()) as {
      providers: Array<{ id: string; discoveryError?: string }>;
    };
    expect(health.providers.find((p) => p.id === "openai")?.discoveryError).toContain(
      "down for maintenance",
    );
    const chat = await a.app.request(
      "/v1/chat/completions",
      chatInit({ model: "openai/anything", messages: [{ role: "user", content: "x" }] }),
    );
    expect(chat.status).toBe(200);
  });
});

describe("model discovery cannot show a key", () => {
  const KEY = "sk-canary-9f8e7d6c5b4a39281706aa";
  let upstream: FakeUpstream;
  let reply = "";
  beforeAll(async () => {
    upstream = await startFakeUpstream(() => ({ body: reply }));
  });
  afterAll(() => upstream.close());

  function app() {
    const logs: LogEntry[] = [];
    const config = loadConfig({ OPENAI_API_KEY: KEY, OPENAI_BASE_URL: `${upstream.origin}/v1` });
    return { app: createApp({ config, log: (e) => logs.push(e) }), logs };
  }

  it("a 200 model list that is not JSON put part of the key into /healthz and /v1/models", async () => {
    reply = `{"data":[],"x":${KEY}}`;
    const a = app();
    const listed = await (await a.app.request("/v1/models")).text();
    const health = await (await a.app.request("/healthz")).text();
    for (const text of [listed, health, JSON.stringify(a.logs)]) {
      expect(text).toContain("not JSON");
      expect(text).not.toContain("canary");
      expect(text).not.toContain("9f8e7d");
    }
  });

  it("a model id that looks like a credential is dropped, with a log line", async () => {
    reply = JSON.stringify({ data: [{ id: KEY }, { id: `Bearer ${KEY}` }, { id: "gpt-x" }] });
    const a = app();
    const body = (await (await a.app.request("/v1/models")).json()) as Listed;
    expect(body.data.map((m) => m.id)).toEqual(["openai/gpt-x", "demo"]);
    const dropped = a.logs.filter((l) => l.event === "model_id_dropped");
    expect(dropped).toHaveLength(1);
    expect(dropped[0]).toMatchObject({ provider: "openai", count: 2 });
    expect(JSON.stringify(a.logs)).not.toContain("canary");
  });
});
