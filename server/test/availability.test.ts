import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { loadConfig } from "../config/load-config.ts";
import type { AppEnv } from "../context.ts";
import { nodeClientAddress } from "../node-address.ts";
import { chatInit } from "./browser-turn.ts";
import { listen } from "./listen.ts";

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
  it("a demo message of 160,000 digits: a concurrent /healthz answers within a second", async () => {
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
      expect(await probe).toBeLessThan(1000);
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
