import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WireCompletion } from "../../../src/core/wire.ts";
import { nodeFetch } from "../../node-fetch.ts";
import { chatInit } from "../../test/browser-turn.ts";
import { type FakeUpstream, startFakeUpstream } from "../../test/fake-upstream.ts";
import { fixtureFiles, fixtureStream } from "../../test/fixtures.ts";
import { finishOf, readSse, toolCallsOf } from "../../test/sse.ts";
import { upstreamApp } from "../../test/upstream-app.ts";

interface Expected {
  text: string;
  finish: string | null;
  calls: Array<{ name: string; arguments: string }>;
  usage?: [number, number];
  error?: string;
}

const EXPECTED: Record<string, Expected> = {
  "anthropic/anthropic-sdk-ts__incomplete_partial_json_response.sse": {
    text: "I'll create a comprehensive tax guide for someone with multiple W2s and save it in a file called taxes.txt. Let me do that for you now.",
    finish: null,
    calls: [],
    error: "tool_call_truncated",
  },
  "anthropic/anthropic-sdk-ts__tool_use_response.sse": {
    text: "I'll check the current weather in Paris for you.",
    finish: "tool_calls",
    calls: [{ name: "get_weather", arguments: '{"location": "Paris"}' }],
    usage: [377, 65],
  },
  "anthropic/vercel-ai__anthropic-json-tool.chunks.txt": {
    text: "",
    finish: "tool_calls",
    calls: [
      {
        name: "json",
        arguments:
          '{"elements": [{"location": "San Francisco", "temperature": 58, "condition": "sunny"}]}',
      },
    ],
    usage: [849, 47],
  },
  "anthropic/vercel-ai__anthropic-message-delta-input-tokens.chunks.txt": {
    text: "pong",
    finish: "stop",
    calls: [],
    usage: [61, 2],
  },
  "anthropic/vercel-ai__anthropic-text.chunks.txt": {
    text: "Hello! I'm doing well, thank you for asking. How are you doing today? Is there anything I can help you with?",
    finish: "stop",
    calls: [],
    usage: [12, 30],
  },
  "anthropic/vercel-ai__anthropic-tool-no-args-with-pings.chunks.txt": {
    text: "I'll update the issue list for you.",
    finish: "tool_calls",
    calls: [{ name: "updateIssueList", arguments: "{}" }],
    usage: [565, 48],
  },
};

describe.each([
  ["the built-in fetch", undefined],
  ["the Node entry's fetch", nodeFetch],
])(
  "Anthropic upstream: every recorded stream, replayed by a local fake, read with %s",
  (_name, fetchImpl) => {
    let upstream: FakeUpstream;
    beforeAll(async () => {
      upstream = await startFakeUpstream();
    });
    afterAll(() => upstream.close());
    const app = () =>
      upstreamApp(
        upstream.origin,
        {},
        fetchImpl ? { kind: "anthropic", fetch: fetchImpl } : { kind: "anthropic" },
      );
    const ask = (stream = true) =>
      chatInit({
        model: "up/m",
        messages: [
          { role: "system", content: "sys" },
          { role: "user", content: "hi" },
        ],
        stream,
      });

    it("has an expectation for every fixture file", () => {
      expect(fixtureFiles("anthropic")).toEqual(Object.keys(EXPECTED).sort());
    });

    for (const file of fixtureFiles("anthropic")) {
      const expected = EXPECTED[file] as Expected;
      it(`${file}: translated to standard chunks`, async () => {
        upstream.handle(() => ({ pieces: [fixtureStream(file)] }));
        const response = await app().send("/v1/chat/completions", ask());
        expect(response.status).toBe(200);
        const stream = await readSse(response);
        expect(stream.text).toBe(expected.text);
        expect(finishOf(stream)).toBe(expected.finish);
        expect(
          toolCallsOf(stream).map(({ name, arguments: a }) => ({ name, arguments: a })),
        ).toEqual(expected.calls);
        for (const chunk of stream.chunks) expect(chunk.model).toBe("up/m");
        if (expected.error) {
          expect(stream.error?.type).toBe(expected.error);
          expect(stream.error?.message).toContain("make_file");
          expect(stream.error?.message).toContain("was not run");
          expect(stream.done).toBe(false);
        } else {
          expect(stream.done).toBe(true);
          const usage = stream.chunks.at(-1)?.usage;
          const [prompt, completion] = expected.usage ?? [0, 0];
          expect(usage).toEqual({
            prompt_tokens: prompt,
            completion_tokens: completion,
            total_tokens: prompt + completion,
          });
        }
      });

      it(`${file}: not streamed`, async () => {
        upstream.handle(() => ({ pieces: [fixtureStream(file)] }));
        const response = await app().send("/v1/chat/completions", ask(false));
        if (expected.error) {
          expect(response.status).toBe(502);
          expect(((await response.json()) as { error: { type: string } }).error.type).toBe(
            expected.error,
          );
          return;
        }
        const completion = (await response.json()) as WireCompletion;
        expect(completion.choices[0]?.finish_reason).toBe(expected.finish);
        expect(completion.choices[0]?.message.content ?? "").toBe(expected.text);
        expect(
          (completion.choices[0]?.message.tool_calls ?? []).map((c) => ({
            name: c.function.name,
            arguments: c.function.arguments,
          })),
        ).toEqual(expected.calls);
      });
    }

    it("sends the Messages API request with the key in x-api-key and a version", async () => {
      upstream.handle(() => ({
        pieces: [fixtureStream("anthropic/vercel-ai__anthropic-text.chunks.txt")],
      }));
      await app().send("/v1/chat/completions", ask());
      const sent = upstream.requests.at(-1);
      expect(sent?.path).toBe("/v1/messages");
      expect(sent?.headers["x-api-key"]).toBe("sk-test-0123456789abcdef");
      expect(sent?.headers["anthropic-version"]).toBe("2023-06-01");
      expect(sent?.headers.authorization).toBeUndefined();
      expect(sent?.json).toMatchObject({
        model: "m",
        system: "sys",
        stream: true,
        max_tokens: 4096,
      });
    });

    it("an error event (overloaded) in a 200 stream is reported after what arrived", async () => {
      const text = fixtureStream("anthropic/vercel-ai__anthropic-text.chunks.txt")
        .split("\n\n")
        .slice(0, 4)
        .join("\n\n");
      upstream.handle(() => ({
        pieces: [
          `${text}\n\n`,
          'event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}\n\n',
        ],
      }));
      const stream = await readSse(await app().send("/v1/chat/completions", ask()));
      expect(stream.text).toBe("Hello");
      expect(stream.error).toMatchObject({
        type: "upstream_overloaded",
        status: 503,
        code: "overloaded_error",
      });
    });

    it("HTTP 529 before the stream: retried, then 503 with what to do", async () => {
      const before = upstream.requests.length;
      upstream.handle(() => ({
        status: 529,
        body: JSON.stringify({
          type: "error",
          error: { type: "overloaded_error", message: "Overloaded" },
        }),
      }));
      const response = await app().send("/v1/chat/completions", ask());
      expect(response.status).toBe(503);
      expect(((await response.json()) as { error: { message: string } }).error.message).toContain(
        "Try again in a moment",
      );
      expect(upstream.requests.length - before).toBe(3);
    });

    it("a 401 names the key variable to check", async () => {
      upstream.handle(() => ({
        status: 401,
        body: JSON.stringify({
          type: "error",
          error: { type: "authentication_error", message: "invalid x-api-key" },
        }),
      }));
      const response = await app().send("/v1/chat/completions", ask());
      const error = ((await response.json()) as { error: { type: string; message: string } }).error;
      expect(error.type).toBe("upstream_auth");
      expect(error.message).toContain("invalid x-api-key");
      expect(error.message).toContain("Check UP_KEY on the server");
    });

    it("a stream that ends before message_stop is incomplete", async () => {
      const text = fixtureStream("anthropic/vercel-ai__anthropic-text.chunks.txt")
        .split("\n\n")
        .slice(0, 5)
        .join("\n\n");
      upstream.handle(() => ({ pieces: [`${text}\n\n`] }));
      const stream = await readSse(await app().send("/v1/chat/completions", ask()));
      expect(stream.error?.type).toBe("incomplete_response");
      expect(finishOf(stream)).toBeNull();
    });
  },
);
