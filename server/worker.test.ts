import { rmSync } from "node:fs";
import { dirname } from "node:path";
import { Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Send } from "./test/browser-turn.ts";
import { chatInit } from "./test/browser-turn.ts";
import { demoCases } from "./test/demo-cases.ts";
import { type FakeUpstream, startFakeUpstream } from "./test/fake-upstream.ts";
import { fixtureStream, fixtureText } from "./test/fixtures.ts";
import { finishOf, readSse, toolCallsOf } from "./test/sse.ts";
import { bundleWorker } from "./test/worker-bundle.ts";

const TOKEN = "worker-token-0123456789abcdef";

describe("the route tests in the real Workers runtime (workerd through miniflare)", () => {
  let mf: Miniflare;
  let upstream: FakeUpstream;
  let bundle: string;
  let send: Send;
  let sendWithToken: Send;

  beforeAll(async () => {
    upstream = await startFakeUpstream((request) => {
      const said = JSON.stringify(request.json ?? {});
      if (request.path === "/v1/messages")
        return { pieces: [fixtureStream("anthropic/anthropic-sdk-ts__tool_use_response.sse")] };
      if (said.includes("quota"))
        return { status: 429, body: fixtureText("errors/openai-429-insufficient-quota.json") };
      return { pieces: [fixtureStream("openai-chat/openai-python__parallel-tool-calls.sse")] };
    });
    bundle = await bundleWorker();
    const toml = await import("node:fs").then((fs) =>
      fs.readFileSync(new URL("../wrangler.toml", import.meta.url), "utf8"),
    );
    const compatibilityDate = /compatibility_date = "([^"]+)"/u.exec(toml)?.[1] ?? "2026-04-20";
    mf = new Miniflare({
      modules: true,
      modulesRoot: dirname(bundle),
      scriptPath: bundle,
      compatibilityDate,
      compatibilityFlags: ["enable_request_signal"],
      bindings: {
        DEMO_DELAY_MS: "0",
        PARLEY_CONFIG: JSON.stringify({
          providers: [
            {
              id: "up",
              kind: "openai",
              baseUrl: `${upstream.origin}/v1`,
              apiKeyEnv: "UP_KEY",
              models: ["m"],
            },
            {
              id: "claude",
              kind: "anthropic",
              baseUrl: upstream.origin,
              apiKeyEnv: "UP_KEY",
              models: ["c"],
            },
            { id: "demo", kind: "demo" },
          ],
        }),
        UP_KEY: "sk-worker-secret-0123456789",
      },
    });
    send = async (path, init) =>
      (await mf.dispatchFetch(`http://localhost${path}`, init as never)) as unknown as Response;
  }, 60_000);

  afterAll(async () => {
    await mf?.dispose();
    await upstream?.close();
    if (bundle) rmSync(dirname(bundle), { recursive: true, force: true });
  });

  for (const c of demoCases) it(c.name, () => c.run(send));

  it("an OpenAI-compatible upstream, reached from workerd, streamed and normalised", async () => {
    const stream = await readSse(
      await send(
        "/v1/chat/completions",
        chatInit({ model: "up/m", stream: true, messages: [{ role: "user", content: "hi" }] }),
      ),
    );
    expect(finishOf(stream)).toBe("tool_calls");
    expect(toolCallsOf(stream).map((c) => c.name)).toEqual(["GetWeatherArgs", "get_stock_price"]);
    expect(stream.done).toBe(true);
    expect(upstream.requests.at(-1)?.headers.authorization).toBe(
      "Bearer sk-worker-secret-0123456789",
    );
  });

  it("Anthropic, translated in workerd", async () => {
    const stream = await readSse(
      await send(
        "/v1/chat/completions",
        chatInit({ model: "claude/c", stream: true, messages: [{ role: "user", content: "hi" }] }),
      ),
    );
    expect(stream.text).toBe("I'll check the current weather in Paris for you.");
    expect(toolCallsOf(stream)).toEqual([
      {
        id: "toolu_01NRLabsLyVHZPKxbKvkfSMn",
        name: "get_weather",
        arguments: '{"location": "Paris"}',
      },
    ]);
  });

  it("an upstream error keeps its shape and advice", async () => {
    const response = await send(
      "/v1/chat/completions",
      chatInit({ model: "up/m", messages: [{ role: "user", content: "quota" }] }),
    );
    expect(response.status).toBe(429);
    expect(await response.json()).toMatchObject({
      error: { type: "insufficient_quota", provider: "up" },
    });
  });

  describe("with an access token and a bad configuration", () => {
    let secured: Miniflare;
    let broken: Miniflare;
    beforeAll(async () => {
      secured = new Miniflare({
        modules: true,
        modulesRoot: dirname(bundle),
        scriptPath: bundle,
        compatibilityDate: "2026-04-20",
        bindings: { PARLEY_ACCESS_TOKEN: TOKEN, DEMO_DELAY_MS: "0" },
      });
      broken = new Miniflare({
        modules: true,
        modulesRoot: dirname(bundle),
        scriptPath: bundle,
        compatibilityDate: "2026-04-20",
        bindings: { PARLEY_CONFIG: '{"providers":[{"id":"x","kind":"azure"}]}' },
      });
      sendWithToken = async (path, init) =>
        (await secured.dispatchFetch(
          `http://localhost${path}`,
          init as never,
        )) as unknown as Response;
    }, 60_000);
    afterAll(async () => {
      await secured?.dispose();
      await broken?.dispose();
    });

    it("requires the bearer token on /v1", async () => {
      expect((await sendWithToken("/v1/models")).status).toBe(401);
      expect(
        (await sendWithToken("/v1/models", { headers: { authorization: `Bearer ${TOKEN}` } }))
          .status,
      ).toBe(200);
    });

    it("a bad configuration answers with an error naming the field", async () => {
      const response = (await broken.dispatchFetch(
        "http://localhost/healthz",
      )) as unknown as Response;
      expect(response.status).toBe(500);
      const body = (await response.json()) as { error: { type: string; message: string } };
      expect(body.error.type).toBe("proxy_misconfigured");
      expect(body.error.message).toContain("providers[0].kind");
    });
  });
});
