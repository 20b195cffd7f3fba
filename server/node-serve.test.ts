import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "./app.ts";
import { sseFramesOf } from "./chat/sse-response.ts";
import { loadConfig } from "./config/load-config.ts";
import { chatInit } from "./test/browser-turn.ts";
import { type FakeUpstream, startFakeUpstream } from "./test/fake-upstream.ts";
import { listen } from "./test/listen.ts";
import { parseSse } from "./test/sse.ts";

const ORIGIN = "https://chat.example.com";
const piece = (delta: Record<string, unknown>, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: "c", object: "chat.completion.chunk", created: 1, model: "m", choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;

describe("streamed answers on Node are written straight into the response", () => {
  let upstream: FakeUpstream;
  let server: { origin: string; close: () => Promise<void> };
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    upstream = await startFakeUpstream();
    const config = loadConfig({
      OPENAI_API_KEY: "sk-x",
      OPENAI_BASE_URL: `${upstream.origin}/v1`,
      OPENAI_MODELS: "m",
      DEMO_DELAY_MS: "0",
      PARLEY_CORS_ORIGINS: ORIGIN,
    });
    app = createApp({ config, log: () => {} });
    server = await listen(app);
  });
  afterAll(async () => {
    await server.close();
    await upstream.close();
  });

  it("the headers go out at once when the first frames are slow to come", async () => {
    // The upstream holds its first answer piece until the headers have reached the client: if
    // the proxy waited for a frame before it answered, fetch would never resolve.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    upstream.handle(() => ({
      pieces: [": ok\n\n", held, piece({ content: "late" }), piece({}, "stop"), "data: [DONE]\n\n"],
    }));
    const response = await fetch(
      `${server.origin}/v1/chat/completions`,
      chatInit({ model: "openai/m", stream: true, messages: [{ role: "user", content: "hi" }] }),
    );
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    release();
    const stream = parseSse(await response.text());
    expect(stream.text).toBe("late");
    expect(stream.done).toBe(true);
  });

  it("with CORS, where middleware rebuilds the response, the frames are still found, with the CORS headers", async () => {
    const request = chatInit(
      { model: "demo", stream: true, messages: [{ role: "user", content: "/echo a b" }] },
      { origin: ORIGIN },
    );
    const rebuilt = await app.request("/v1/chat/completions", request);
    expect(rebuilt.headers.get("access-control-allow-origin")).toBe(ORIGIN);
    expect(sseFramesOf(rebuilt)).not.toBeNull();
    const response = await fetch(`${server.origin}/v1/chat/completions`, request);
    expect(response.headers.get("access-control-allow-origin")).toBe(ORIGIN);
    expect(response.headers.get("x-accel-buffering")).toBe("no");
    const stream = parseSse(await response.text());
    expect(stream.text).toBe("a b");
    expect(stream.done).toBe(true);
  });

  it("other responses are left to @hono/node-server", async () => {
    const models = await fetch(`${server.origin}/v1/models`);
    expect(models.status).toBe(200);
    expect(sseFramesOf(models)).toBeNull();
    expect(((await models.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);
  });
});
