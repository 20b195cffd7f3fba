import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WireChunk, WireCompletion } from "../../../src/core/wire.ts";
import { nodeFetch } from "../../node-fetch.ts";
import { chatInit } from "../../test/browser-turn.ts";
import { type FakeUpstream, startFakeUpstream } from "../../test/fake-upstream.ts";
import { fixtureFiles, fixtureStream } from "../../test/fixtures.ts";
import { readSse } from "../../test/sse.ts";
import { upstreamApp } from "../../test/upstream-app.ts";

interface Expected {
  content: string[];
  finish: string[];
  calls?: Array<{ name: string; args: string }>;
  reasoning?: boolean;
  usage?: [number, number, number];
}

const n3 = (t: number) => `{"city":"San Francisco","temperature":${t},"units":"f"}`;

const EXPECTED: Record<string, Expected> = {
  "compat/vercel-ai__anthropic-openai-compat-tool-call-index1.sse": {
    content: ["Reading it."],
    finish: ["tool_calls"],
    calls: [{ name: "read_file", args: '{"path": "a.txt"}' }],
  },
  "compat/vercel-ai__azure-model-router.chunks.txt": {
    content: ["Capital of Denmark."],
    finish: ["stop"],
    usage: [15, 78, 93],
  },
  "compat/vercel-ai__deepseek-reasoner-tool-call.chunks.txt": {
    content: [""],
    finish: ["tool_calls"],
    calls: [{ name: "weather", args: '{"location": "San Francisco"}' }],
    reasoning: true,
    usage: [339, 83, 422],
  },
  "compat/vercel-ai__groq-tool-call.chunks.txt": {
    content: [""],
    finish: ["tool_calls"],
    calls: [{ name: "weather", args: "{}" }],
    usage: [210, 15, 225],
  },
  "compat/vercel-ai__xai-grok-tool-call.chunks.txt": {
    content: [""],
    finish: ["tool_calls"],
    calls: [{ name: "weather", args: '{"location":"San Francisco"}' }],
    reasoning: true,
    usage: [307, 26, 560],
  },
  "openai-chat/openai-python__finish-length.sse": {
    content: ['{"'],
    finish: ["length"],
    usage: [79, 1, 80],
  },
  "openai-chat/openai-python__n3-multiple-choices.sse": {
    content: [n3(65), n3(61), n3(59)],
    finish: ["stop", "stop", "stop"],
    usage: [79, 42, 121],
  },
  "openai-chat/openai-python__parallel-tool-calls.sse": {
    content: [""],
    finish: ["tool_calls"],
    calls: [
      { name: "GetWeatherArgs", args: '{"city": "Edinburgh", "country": "GB", "units": "c"}' },
      { name: "get_stock_price", args: '{"ticker": "AAPL", "exchange": "NASDAQ"}' },
    ],
    usage: [149, 60, 209],
  },
  "openai-chat/openai-python__refusal.sse": {
    content: ["I'm sorry, I can't assist with that request."],
    finish: ["stop"],
    usage: [79, 11, 90],
  },
  "openai-chat/openai-python__single-tool-call.sse": {
    content: [""],
    finish: ["tool_calls"],
    calls: [{ name: "GetWeatherArgs", args: '{"city":"Edinburgh","country":"UK","units":"c"}' }],
    usage: [76, 24, 100],
  },
  "openai-chat/openai-python__text-with-logprobs.sse": {
    content: ["Foo!"],
    finish: ["stop"],
    usage: [9, 2, 11],
  },
  "openai-chat/vercel-ai__openai-text-with-usage.chunks.txt": {
    content: [],
    finish: ["stop"],
    usage: [16, 300, 316],
  },
};

const STANDARD_CHUNK_KEYS = ["choices", "created", "id", "model", "object", "usage"];

function collect(chunks: WireChunk[]) {
  const content: string[] = [];
  const finish: string[] = [];
  const reasoning: string[] = [];
  const calls: Array<Array<{ id: string; name: string; args: string }>> = [];
  for (const chunk of chunks) {
    for (const c of chunk.choices) {
      content[c.index] = (content[c.index] ?? "") + (c.delta.content ?? "");
      reasoning[c.index] = (reasoning[c.index] ?? "") + (c.delta.reasoning_content ?? "");
      if (c.finish_reason) finish[c.index] = c.finish_reason;
      const list = calls[c.index] ?? [];
      calls[c.index] = list;
      for (const d of c.delta.tool_calls ?? []) {
        const call = list[d.index];
        if (!call) {
          expect(d.id, "a new tool call starts with its id").toBeTruthy();
          expect(d.function?.name, "a new tool call starts with its name").toBeTruthy();
          expect(d.index, "tool-call indexes are dense from 0").toBe(list.length);
          list[d.index] = {
            id: d.id ?? "",
            name: d.function?.name ?? "",
            args: d.function?.arguments ?? "",
          };
        } else {
          expect(d.function?.name, "continuations carry no name").toBeUndefined();
          call.args += d.function?.arguments ?? "";
        }
      }
    }
  }
  return { content, finish, reasoning, calls };
}

describe.each([
  ["the built-in fetch", undefined],
  ["the Node entry's fetch", nodeFetch],
])(
  "OpenAI-compatible upstreams: every recorded stream, replayed by a local fake, read with %s",
  (_name, fetchImpl) => {
    let upstream: FakeUpstream;
    beforeAll(async () => {
      upstream = await startFakeUpstream();
    });
    afterAll(() => upstream.close());

    const files = [...fixtureFiles("openai-chat"), ...fixtureFiles("compat")];
    it("has an expectation for every fixture file", () => {
      expect(files.sort()).toEqual(Object.keys(EXPECTED).sort());
    });

    for (const file of files) {
      it(`${file}: streamed, normalised to standard chunks`, async () => {
        upstream.handle(() => ({ pieces: [fixtureStream(file)] }));
        const { send } = upstreamApp(upstream.origin, {}, fetchImpl ? { fetch: fetchImpl } : {});
        const response = await send(
          "/v1/chat/completions",
          chatInit({ model: "up/m", messages: [{ role: "user", content: "hi" }], stream: true }),
        );
        expect(response.status).toBe(200);
        const stream = await readSse(response);
        const expected = EXPECTED[file] as Expected;
        expect(stream.error).toBeNull();
        expect(stream.done).toBe(true);
        const ids = new Set(stream.chunks.map((c) => c.id));
        expect(ids.size).toBe(1);
        expect([...ids][0]).toMatch(/^\S+$/u);
        for (const chunk of stream.chunks) {
          expect(chunk.object).toBe("chat.completion.chunk");
          expect(chunk.model).toBe("up/m");
          for (const key of Object.keys(chunk)) expect(STANDARD_CHUNK_KEYS).toContain(key);
          for (const c of chunk.choices)
            expect(Object.keys(c).sort()).toEqual(["delta", "finish_reason", "index"]);
        }
        const got = collect(stream.chunks);
        if (expected.content.length) expect(got.content).toEqual(expected.content);
        else expect(got.content[0]?.length).toBeGreaterThan(100);
        expect(got.finish).toEqual(expected.finish);
        expect(got.calls[0]?.map(({ name, args }) => ({ name, args })) ?? []).toEqual(
          expected.calls ?? [],
        );
        for (const call of got.calls[0] ?? []) expect(() => JSON.parse(call.args)).not.toThrow();
        expect((got.reasoning[0] ?? "").length > 0).toBe(expected.reasoning === true);
        const last = stream.chunks.at(-1);
        if (expected.usage) {
          expect(last?.choices).toEqual([]);
          const [prompt_tokens, completion_tokens, total_tokens] = expected.usage;
          expect(last?.usage).toEqual({ prompt_tokens, completion_tokens, total_tokens });
        } else {
          expect(stream.chunks.some((c) => c.usage)).toBe(false);
        }
      });

      it(`${file}: not streamed, one chat.completion`, async () => {
        upstream.handle(() => ({ pieces: [fixtureStream(file)] }));
        const { send } = upstreamApp(upstream.origin, {}, fetchImpl ? { fetch: fetchImpl } : {});
        const response = await send(
          "/v1/chat/completions",
          chatInit({ model: "up/m", messages: [{ role: "user", content: "hi" }] }),
        );
        expect(response.status).toBe(200);
        const completion = (await response.json()) as WireCompletion;
        const expected = EXPECTED[file] as Expected;
        expect(completion.choices.map((c) => c.finish_reason)).toEqual(expected.finish);
        const calls = completion.choices[0]?.message.tool_calls ?? [];
        expect(calls.map((c) => ({ name: c.function.name, args: c.function.arguments }))).toEqual(
          expected.calls ?? [],
        );
        if (expected.content.length)
          expect(completion.choices.map((c) => c.message.content ?? "")).toEqual(expected.content);
        if (expected.usage) expect(completion.usage?.total_tokens).toBe(expected.usage[2]);
      });
    }

    it("asks the upstream to stream with usage, with the key, the upstream model name and no client extras", async () => {
      upstream.handle(() => ({
        pieces: [fixtureStream("openai-chat/openai-python__text-with-logprobs.sse")],
      }));
      const { send } = upstreamApp(upstream.origin, {}, fetchImpl ? { fetch: fetchImpl } : {});
      await send(
        "/v1/chat/completions",
        chatInit({ model: "up/m", messages: [{ role: "user", content: "hi" }], temperature: 0.3 }),
      );
      const sent = upstream.requests.at(-1);
      expect(sent?.path).toBe("/v1/chat/completions");
      expect(sent?.headers.authorization).toBe("Bearer sk-test-0123456789abcdef");
      expect(sent?.json).toEqual({
        model: "m",
        messages: [{ role: "user", content: "hi" }],
        temperature: 0.3,
        stream: true,
        stream_options: { include_usage: true },
      });
    });
  },
);
