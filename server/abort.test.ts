import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "./app.ts";
import { loadConfig } from "./config/load-config.ts";
import type { LogEntry } from "./context.ts";
import { nodeClientAddress } from "./node-address.ts";
import { nodeFetch } from "./node-fetch.ts";
import { chatInit } from "./test/browser-turn.ts";
import { type FakeUpstream, startFakeUpstream, type UpstreamRecord } from "./test/fake-upstream.ts";
import { listen } from "./test/listen.ts";

const piece = (text: string) =>
  `data: ${JSON.stringify({ id: "c", object: "chat.completion.chunk", created: 1, model: "m", choices: [{ index: 0, delta: { content: text }, finish_reason: null }] })}\n\n`;
/** Ten seconds of pieces: an upstream still sending when the test looks was not aborted. */
const slowStream = (): Array<string | number> =>
  Array.from({ length: 400 }, (_, i) => (i % 2 ? 50 : piece(`w${i} `)));

/**
 * How the upstream's reply ended: `aborted` when the proxy closed it, `finished` when it ran to
 * its end. Awaited, not timed: on a loaded machine the close may take longer than any fixed
 * limit, while an upstream the proxy forgot runs on to its end (about 10 s) and says `finished`.
 */
function ending(record: UpstreamRecord | undefined): Promise<"aborted" | "finished"> {
  if (!record) throw new Error("the upstream got no request");
  return record.ended;
}

describe.each([
  ["the built-in fetch", undefined],
  ["the Node entry's fetch", nodeFetch],
])("a client that disconnects aborts the upstream request, with %s", (_name, fetchImpl) => {
  let upstream: FakeUpstream;
  let server: { origin: string; close: () => Promise<void> };
  const logs: LogEntry[] = [];
  beforeAll(async () => {
    upstream = await startFakeUpstream();
    const config = loadConfig({
      OPENAI_API_KEY: "sk-x",
      OPENAI_BASE_URL: `${upstream.origin}/v1`,
      OPENAI_MODELS: "m",
      ANTHROPIC_API_KEY: "sk-y",
      ANTHROPIC_BASE_URL: upstream.origin,
      ANTHROPIC_MODELS: "m",
      DEMO_DELAY_MS: "20",
    });
    server = await listen(
      createApp({
        config,
        log: (e) => logs.push(e),
        clientAddress: nodeClientAddress,
        ...(fetchImpl ? { fetch: fetchImpl } : {}),
      }),
    );
  });
  afterAll(async () => {
    await server.close();
    await upstream.close();
  });

  for (const stream of [true, false]) {
    it(`${stream ? "streamed" : "not streamed"}: upstream closed when the client leaves`, async () => {
      upstream.handle(() => ({ pieces: slowStream() }));
      const controller = new AbortController();
      const response = fetch(`${server.origin}/v1/chat/completions`, {
        ...chatInit({ model: "openai/m", stream, messages: [{ role: "user", content: "hi" }] }),
        signal: controller.signal,
      });
      if (stream) {
        const reader = (await response).body?.getReader();
        await reader?.read();
      } else {
        response.catch(() => {});
        await new Promise((r) => setTimeout(r, 200));
      }
      const record = upstream.requests.at(-1);
      expect(record?.abortedAt).toBeUndefined();
      controller.abort();
      expect(await ending(record)).toBe("aborted");
    });
  }

  it("Anthropic: upstream closed when the client leaves", async () => {
    const ping = 'event: ping\ndata: {"type":"ping"}\n\n';
    upstream.handle(() => ({
      pieces: [
        'event: message_start\ndata: {"type":"message_start","message":{"id":"m1","usage":{"input_tokens":1}}}\n\n',
        ...Array.from({ length: 200 }, (_, i) => (i % 2 ? 50 : ping)),
      ],
    }));
    const controller = new AbortController();
    const response = await fetch(`${server.origin}/v1/chat/completions`, {
      ...chatInit({
        model: "anthropic/m",
        stream: true,
        messages: [{ role: "user", content: "hi" }],
      }),
      signal: controller.signal,
    });
    await response.body?.getReader().read();
    const record = upstream.requests.at(-1);
    controller.abort();
    expect(await ending(record)).toBe("aborted");
  });

  it("before the first byte: an upstream that has not answered yet is aborted too", async () => {
    upstream.handle(() => ({ hang: true }));
    const controller = new AbortController();
    const response = fetch(`${server.origin}/v1/chat/completions`, {
      ...chatInit({
        model: "openai/m",
        stream: true,
        messages: [{ role: "user", content: "hi" }],
      }),
      signal: controller.signal,
    }).catch(() => null);
    await new Promise((r) => setTimeout(r, 150));
    const record = upstream.requests.at(-1);
    controller.abort();
    await response;
    expect(await ending(record)).toBe("aborted");
  });

  it("the demo stops and the access log says the answer was aborted", async () => {
    const controller = new AbortController();
    const response = await fetch(`${server.origin}/v1/chat/completions`, {
      ...chatInit({ model: "demo", stream: true, messages: [{ role: "user", content: "long" }] }),
      signal: controller.signal,
    });
    await response.body?.getReader().read();
    controller.abort();
    await expect
      .poll(() => logs.find((l) => l.model === "demo" && l.outcome), { timeout: 15_000 })
      .toBeDefined();
    expect(logs.find((l) => l.model === "demo")).toMatchObject({
      outcome: "aborted",
      status: 200,
    });
  });
});
