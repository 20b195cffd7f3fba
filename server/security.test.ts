import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "./app.ts";
import { loadConfig } from "./config/load-config.ts";
import type { LogEntry } from "./context.ts";
import { nodeClientAddress } from "./node-address.ts";
import { nodeFetch } from "./node-fetch.ts";
import { chatInit } from "./test/browser-turn.ts";
import { type FakeUpstream, startFakeUpstream } from "./test/fake-upstream.ts";
import { fixtureStream } from "./test/fixtures.ts";
import { HOSTILE, hostileReply } from "./test/hostile-upstream.ts";
import { listen } from "./test/listen.ts";

const OPENAI_KEY = "sk-canary-9f8e7d6c5b4a39281706aa";
const ANTHROPIC_KEY = "sk-ant-canary-0a1b2c3d4e5f607182";
const TOKEN = "tok-canary-5566778899aabbccddee";
const SECRETS = [OPENAI_KEY, ANTHROPIC_KEY, TOKEN];

/** A secret as an upstream may write it back: as is, in base64 at each alignment, URL-encoded. */
function forms(secret: string): string[] {
  const base64 = [0, 1, 2].map((n) =>
    Buffer.from(`${"x".repeat(n)}${secret}`)
      .toString("base64")
      .slice([0, 2, 3][n], -4),
  );
  const percent = [...secret].map((c) => `%${c.charCodeAt(0).toString(16)}`).join("");
  return [secret, ...base64, percent];
}

function leaks(haystack: string): string[] {
  const found: string[] = [];
  const folded = haystack.toLowerCase();
  for (const form of SECRETS.flatMap(forms)) {
    for (let i = 0; i + 8 <= form.length; i += 1) {
      const piece = form.slice(i, i + 8).toLowerCase();
      if (folded.includes(piece)) found.push(piece);
    }
  }
  return found;
}

describe("keys stay on the server: a canary key never shows in a response or a log line", () => {
  // The key reached clients in an error's code field, and through escapes, case and base64.
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
      const hostile = hostileReply(
        anthropic ? ANTHROPIC_KEY : OPENAI_KEY,
        said,
        anthropic,
        request.json,
      );
      if (hostile) return hostile;
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

  it("searches every response and log line for any 8-character piece of the keys and the token, in any form", async () => {
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
      // Parameters that are fitted, clamped or refused, so that notes and resends are searched too.
      const params = { temperature: 1.5, top_p: 0.5, seed: 3, reasoning_effort: "low" };
      for (const model of [
        "openai/m",
        "openai/o3",
        "anthropic/m",
        "anthropic/claude-sonnet-4-5",
        "demo",
      ]) {
        for (const text of ["hello", "say-401", "say-500", "say-400", "say-instream", ...HOSTILE]) {
          for (const stream of [true, false]) {
            await call(
              "/v1/chat/completions",
              chatInit(
                { model, stream, ...params, messages: [{ role: "user", content: text }] },
                auth,
              ),
            );
          }
        }
        const image = {
          type: "image_url",
          image_url: { url: "data:image/png;base64,iVBORw0KGgo=" },
        };
        await call(
          "/v1/chat/completions",
          chatInit(
            {
              model,
              messages: [{ role: "user", content: [{ type: "text", text: "hello" }, image] }],
            },
            auth,
          ),
        );
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
    for (const reached of [
      "x_parley_notes",
      "upstream_refused",
      "context_length_exceeded",
      "model_cannot_read_images",
    ])
      expect(seen.join("\n"), reached).toContain(reached);
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
  for (const [name, fetchImpl] of [
    ["the built-in fetch", undefined],
    ["the Node entry's fetch", nodeFetch],
  ] as const) {
    it(`an upstream redirect is not followed, with ${name}: the key never goes elsewhere`, async () => {
      const evil = await startFakeUpstream(() => ({ body: "{}" }));
      const good = await startFakeUpstream(() => ({
        status: 302,
        headers: { location: `${evil.origin}/v1/messages` },
        body: "",
      }));
      try {
        const config = loadConfig({
          ANTHROPIC_API_KEY: "sk-ant-x",
          ANTHROPIC_BASE_URL: good.origin,
          ANTHROPIC_MODELS: "c",
        });
        const app = createApp({
          config,
          log: () => {},
          ...(fetchImpl ? { fetch: fetchImpl } : {}),
        });
        const response = await app.request(
          "/v1/chat/completions",
          chatInit({ model: "anthropic/c", messages: [{ role: "user", content: "hi" }] }),
        );
        expect(response.status).toBe(502);
        expect(good.requests).toHaveLength(1);
        expect(evil.requests).toHaveLength(0);
      } finally {
        await good.close();
        await evil.close();
      }
    });
  }

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
      const url = `http://localhost/v1/chat/completions?api_base=${encodeURIComponent(evil.origin)}&base_url=${encodeURIComponent(evil.origin)}`;
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
