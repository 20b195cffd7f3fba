import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ModelClient, ModelRequest } from "../core/model.ts";
import { collectEvents } from "../test/collect-events.ts";
import { FIXTURES, fakeFetch, fixtureAsSse, sseResponse } from "../test/fake-fetch.ts";
import { createHttpModelClient } from "./http-model-client.ts";

const request: ModelRequest = { model: "demo", messages: [{ role: "user", content: "hi" }] };

function collect(client: ModelClient) {
  return collectEvents(client, request);
}

function replay(body: string, split?: number | readonly number[]) {
  return collect(
    createHttpModelClient({
      baseUrl: "",
      getAccessToken: () => undefined,
      fetch: fakeFetch(() => sseResponse(body, split)),
    }),
  );
}

const usage = (p: number, c: number, t: number) => ({
  promptTokens: p,
  completionTokens: c,
  totalTokens: t,
});

interface Expected {
  text: string | RegExp;
  reasoning?: RegExp;
  calls?: Array<{ id: string; name: string; arguments: unknown }>;
  usage?: ReturnType<typeof usage>;
  finish: string;
}

const EXPECTED: Record<string, Expected> = {
  "openai-chat/openai-python__finish-length.sse": {
    text: '{"',
    usage: usage(79, 1, 80),
    finish: "length",
  },
  "openai-chat/openai-python__n3-multiple-choices.sse": {
    text: '{"city":"San Francisco","temperature":65,"units":"f"}',
    usage: usage(79, 42, 121),
    finish: "stop",
  },
  "openai-chat/openai-python__parallel-tool-calls.sse": {
    text: "",
    calls: [
      {
        id: "call_JMW1whyEaYG438VE1OIflxA2",
        name: "GetWeatherArgs",
        arguments: { city: "Edinburgh", country: "GB", units: "c" },
      },
      {
        id: "call_DNYTawLBoN8fj3KN6qU9N1Ou",
        name: "get_stock_price",
        arguments: { ticker: "AAPL", exchange: "NASDAQ" },
      },
    ],
    usage: usage(149, 60, 209),
    finish: "tool_calls",
  },
  "openai-chat/openai-python__refusal.sse": {
    text: "I'm sorry, I can't assist with that request.",
    usage: usage(79, 11, 90),
    finish: "stop",
  },
  "openai-chat/openai-python__single-tool-call.sse": {
    text: "",
    calls: [
      {
        id: "call_c91SqDXlYFuETYv8mUHzz6pp",
        name: "GetWeatherArgs",
        arguments: { city: "Edinburgh", country: "UK", units: "c" },
      },
    ],
    usage: usage(76, 24, 100),
    finish: "tool_calls",
  },
  "openai-chat/openai-python__text-with-logprobs.sse": {
    text: "Foo!",
    usage: usage(9, 2, 11),
    finish: "stop",
  },
  "openai-chat/vercel-ai__openai-text-with-usage.chunks.txt": {
    text: /^\*\*Holiday Name:\*\* Harmony Day\n\n\*\*Date:\*\* Celebrated annually/,
    usage: usage(16, 300, 316),
    finish: "stop",
  },
  "compat/vercel-ai__anthropic-openai-compat-tool-call-index1.sse": {
    text: "Reading it.",
    calls: [{ id: "toolu_sanitized", name: "read_file", arguments: { path: "a.txt" } }],
    finish: "tool_calls",
  },
  "compat/vercel-ai__azure-model-router.chunks.txt": {
    text: "Capital of Denmark.",
    usage: usage(15, 78, 93),
    finish: "stop",
  },
  "compat/vercel-ai__deepseek-reasoner-tool-call.chunks.txt": {
    text: "",
    reasoning: /^The user is asking for the weather in San Francisco/,
    calls: [
      {
        id: "call_00_ioIn7yN9p1ZOMNpDLwd4MgAF",
        name: "weather",
        arguments: { location: "San Francisco" },
      },
    ],
    usage: usage(339, 83, 422),
    finish: "tool_calls",
  },
  "compat/vercel-ai__groq-tool-call.chunks.txt": {
    text: "",
    calls: [{ id: "tk85n1k4m", name: "weather", arguments: {} }],
    usage: usage(210, 15, 225),
    finish: "tool_calls",
  },
  "compat/vercel-ai__xai-grok-tool-call.chunks.txt": {
    text: "",
    reasoning: /^First, the user is asking about the weat/,
    calls: [{ id: "call_79382389", name: "weather", arguments: { location: "San Francisco" } }],
    usage: usage(307, 26, 560),
    finish: "tool_calls",
  },
};

const fixtureFiles = ["openai-chat", "compat"].flatMap((dir) =>
  readdirSync(join(FIXTURES, dir)).map((file) => `${dir}/${file}`),
);

describe("replaying recorded streams", () => {
  it("has an expectation for every fixture", () => {
    expect(fixtureFiles.sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  describe.each(fixtureFiles)("%s", (file) => {
    const expected = EXPECTED[file] as Expected;
    const body = fixtureAsSse(file);

    it("reassembles text, tool calls, usage and the finish reason", async () => {
      const out = await replay(body);
      if (typeof expected.text === "string") expect(out.text).toBe(expected.text);
      else expect(out.text).toMatch(expected.text);
      if (expected.reasoning) expect(out.reasoning).toMatch(expected.reasoning);
      else expect(out.reasoning).toBe("");
      expect(out.calls.map((c) => ({ ...c, arguments: JSON.parse(c.arguments) }))).toEqual(
        expected.calls ?? [],
      );
      expect(out.usage).toEqual(expected.usage ? [expected.usage] : []);
      expect(out.finish).toEqual([expected.finish]);
      expect(out.errors).toEqual([]);
      expect(out.events.at(-1)).toEqual({ type: "finish", reason: expected.finish });
    });

    it("gives the same events however the bytes are split", async () => {
      const whole = await replay(body);
      const size = new TextEncoder().encode(body).length;
      const splits = [3, 7, 64, [Math.floor(size / 2)]];
      if (size < 20_000) splits.push(1);
      for (const split of splits) {
        const out = await replay(body, split);
        expect(out.events).toEqual(whole.events);
      }
    });
  });
});

describe("byte boundaries", () => {
  it("keeps a UTF-8 character that is split across reads whole", async () => {
    const text = "结果是 20 😀 — ok";
    const body = `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: text }, finish_reason: "stop" }] })}\n\ndata: [DONE]\n\n`;
    const bytes = new TextEncoder().encode(body);
    const firstMultiByte = bytes.findIndex((b) => b >= 0x80);
    for (const split of [1, 2, [firstMultiByte + 1], [firstMultiByte + 2]]) {
      const out = await replay(body, split);
      expect(out.text).toBe(text);
    }
  });

  it("handles CRLF line endings and comments", async () => {
    const body = `: keep-alive\r\n\r\ndata: ${JSON.stringify({ choices: [{ index: 0, delta: { content: "hi" }, finish_reason: "stop" }] })}\r\n\r\ndata: [DONE]\r\n\r\n`;
    const out = await replay(body, 5);
    expect([out.text, out.finish]).toEqual(["hi", ["stop"]]);
  });
});
