import { describe, expect, it } from "vitest";
import { createApp } from "./app.ts";
import { PACE_MS } from "./chat/paced-batches.ts";
import { loadConfig } from "./config/load-config.ts";
import type { LogEntry } from "./context.ts";
import { chatInit } from "./test/browser-turn.ts";
import { demoCases } from "./test/demo-cases.ts";

function demoApp(delay = "0") {
  const logs: LogEntry[] = [];
  const app = createApp({ config: loadConfig({ DEMO_DELAY_MS: delay }), log: (e) => logs.push(e) });
  const send = async (path: string, init?: RequestInit) => app.request(path, init);
  return { app, send, logs };
}

describe("demo routes (app.request)", () => {
  const { send } = demoApp();
  for (const c of demoCases) it(c.name, () => c.run(send));
});

describe("demo streams and aborts", () => {
  it("streams piece by piece with DEMO_DELAY_MS between pieces", async () => {
    const { send } = demoApp("20");
    const started = Date.now();
    const response = await send(
      "/v1/chat/completions",
      chatInit({
        model: "demo",
        messages: [{ role: "user", content: "/echo a b c d e" }],
        stream: true,
      }),
    );
    await response.text();
    expect(Date.now() - started).toBeGreaterThanOrEqual(5 * 20 - 5);
  });

  it("a client that goes away stops the demo's timers", async () => {
    let sleeping = 0;
    let slept = 0;
    const app = createApp({
      config: loadConfig({ DEMO_DELAY_MS: "10" }),
      log: () => {},
      sleep: (ms, signal) =>
        new Promise((resolve) => {
          sleeping += 1;
          slept += 1;
          const done = () => {
            if (!timer) return;
            sleeping -= 1;
            clearTimeout(timer);
            timer = undefined;
            resolve();
          };
          let timer: ReturnType<typeof setTimeout> | undefined = setTimeout(done, ms);
          signal?.addEventListener("abort", done, { once: true });
        }),
    });
    const response = await app.request(
      "/v1/chat/completions",
      chatInit({ model: "demo", messages: [{ role: "user", content: "long" }], stream: true }),
    );
    const reader = response.body?.getReader();
    await reader?.read();
    await reader?.read();
    await reader?.cancel();
    await new Promise((r) => setTimeout(r, 30));
    const after = slept;
    await new Promise((r) => setTimeout(r, 50));
    expect(sleeping).toBe(0);
    expect(slept).toBe(after);
    // Two reads take up to one pacing interval (the proxy writes at most every PACE_MS), in
    // which the demo sleeps about PACE_MS / 10 times; the whole long answer takes hundreds.
    expect(slept).toBeLessThan((3 * PACE_MS) / 10);
  });

  it("writes one access-log line per request, after the stream ends", async () => {
    const { send, logs } = demoApp();
    const response = await send(
      "/v1/chat/completions",
      chatInit({ model: "demo", messages: [{ role: "user", content: "hi" }], stream: true }),
    );
    await response.text();
    await new Promise((r) => setTimeout(r, 0));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      method: "POST",
      path: "/v1/chat/completions",
      status: 200,
      model: "demo",
      provider: "demo",
      outcome: "complete",
    });
  });
});
