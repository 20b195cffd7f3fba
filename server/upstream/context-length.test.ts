import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatInit } from "../test/browser-turn.ts";
import { type FakeUpstream, type Reply, startFakeUpstream } from "../test/fake-upstream.ts";
import { readSse } from "../test/sse.ts";
import { upstreamApp } from "../test/upstream-app.ts";

const json = (status: number, body: unknown): Reply => ({ status, body: JSON.stringify(body) });

/** What each server answers a request longer than the model's window (from their docs and issues). */
const TOO_LONG: Array<[string, "openai" | "anthropic", Reply, number]> = [
  [
    "OpenAI: code context_length_exceeded",
    "openai",
    json(400, {
      error: {
        message:
          "This model's maximum context length is 128000 tokens. However, your messages resulted in 130211 tokens. Please reduce the length of the messages.",
        type: "invalid_request_error",
        param: "messages",
        code: "context_length_exceeded",
      },
    }),
    400,
  ],
  [
    "Anthropic: prompt is too long",
    "anthropic",
    json(400, {
      type: "error",
      error: {
        type: "invalid_request_error",
        message: "prompt is too long: 208456 tokens > 200000 maximum",
      },
    }),
    400,
  ],
  [
    "Anthropic, older models: input length and max_tokens exceed context limit",
    "anthropic",
    json(400, {
      type: "error",
      error: {
        type: "invalid_request_error",
        message:
          "input length and `max_tokens` exceed context limit: 197031 + 8192 > 200000, decrease input length or `max_tokens` and try again",
      },
    }),
    400,
  ],
  [
    "Anthropic: 413 request_too_large",
    "anthropic",
    json(413, {
      type: "error",
      error: {
        type: "request_too_large",
        message: "Request exceeds the maximum allowed number of bytes.",
      },
    }),
    413,
  ],
  [
    "a gateway's bare 413",
    "openai",
    {
      status: 413,
      headers: { "content-type": "text/html" },
      body: "<html><body><h1>413 Request Entity Too Large</h1></body></html>",
    },
    413,
  ],
  [
    "vLLM",
    "openai",
    json(400, {
      object: "error",
      message:
        "This model's maximum context length is 4096 tokens. However, you requested 5120 tokens (4096 in the messages, 1024 in the completion). Please reduce the length of the messages or completion.",
      type: "BadRequestError",
      param: null,
      code: 400,
    }),
    400,
  ],
  [
    "llama.cpp: exceed_context_size_error",
    "openai",
    json(400, {
      error: {
        code: 400,
        message: "the request exceeds the available context size, try increasing it",
        type: "exceed_context_size_error",
        n_prompt_tokens: 5000,
        n_ctx: 4096,
      },
    }),
    400,
  ],
  [
    "Groq",
    "openai",
    json(400, {
      error: {
        message: "Please reduce the length of the messages or completion.",
        type: "invalid_request_error",
        param: "messages",
        code: "context_length_exceeded",
      },
    }),
    400,
  ],
  [
    "xAI",
    "openai",
    json(400, {
      code: "Client specified an invalid argument",
      error: "This model's maximum prompt length is 131072 but the request contains 140313 tokens.",
    }),
    400,
  ],
  [
    "Gemini's OpenAI endpoint",
    "openai",
    json(400, [
      {
        error: {
          code: 400,
          message:
            "The input token count (1200000) exceeds the maximum number of tokens allowed (1048576).",
          status: "INVALID_ARGUMENT",
        },
      },
    ]),
    400,
  ],
  [
    "Mistral",
    "openai",
    json(400, {
      object: "error",
      message:
        "Prompt contains 40012 tokens and 0 draft tokens, too large for model with 32768 maximum context length",
      type: "invalid_request_error",
      code: "3051",
    }),
    400,
  ],
  [
    "LM Studio",
    "openai",
    json(400, {
      error:
        "Trying to keep the first 5213 tokens when context the overflows. However, the model is loaded with context length of only 4096 tokens, which is not enough.",
    }),
    400,
  ],
];

describe("a request longer than the model's context window reaches the browser as context_length_exceeded", () => {
  let upstream: FakeUpstream;
  let reply: Reply = { status: 500 };
  beforeAll(async () => {
    upstream = await startFakeUpstream(() => reply);
  });
  afterAll(() => upstream.close());
  const ask = (stream: boolean) =>
    chatInit({ model: "up/m", stream, messages: [{ role: "user", content: "hi" }] });

  it.each(TOO_LONG)("%s", async (_name, kind, answer, status) => {
    reply = answer;
    for (const stream of [true, false]) {
      const response = await upstreamApp(upstream.origin, {}, { kind }).send(
        "/v1/chat/completions",
        ask(stream),
      );
      expect(response.status).toBe(status);
      const { error } = (await response.json()) as { error: Record<string, unknown> };
      expect(error).toMatchObject({
        type: "context_length_exceeded",
        code: "context_length_exceeded",
        provider: "up",
      });
      expect(error.message).toMatch(
        /longer than the model's context window .*Leave out earlier messages/u,
      );
    }
  });

  it("an error event inside a 200 stream that says so is the same error", async () => {
    reply = {
      pieces: [
        `data: {"error":{"message":"This model's maximum context length is 8192 tokens.","code":"context_length_exceeded"}}\n\n`,
      ],
    };
    const stream = await readSse(
      await upstreamApp(upstream.origin).send("/v1/chat/completions", ask(true)),
    );
    expect(stream.error).toMatchObject({
      type: "context_length_exceeded",
      code: "context_length_exceeded",
    });
  });

  it("other refusals and a rate limit on tokens per minute keep their own types", async () => {
    const others: Array<[Reply, string]> = [
      [
        json(400, {
          error: {
            message: "Invalid image.",
            type: "invalid_request_error",
            code: "invalid_image",
          },
        }),
        "upstream_rejected",
      ],
      [
        json(429, {
          error: {
            message:
              "Request too large for gpt-4o on tokens per min (TPM): Limit 30000, Requested 50000.",
            code: "rate_limit_exceeded",
          },
        }),
        "upstream_rate_limited",
      ],
    ];
    for (const [answer, type] of others) {
      reply = answer;
      const response = await upstreamApp(upstream.origin, {}, { sleeps: [] }).send(
        "/v1/chat/completions",
        ask(false),
      );
      expect(((await response.json()) as { error: { type: string } }).error.type).toBe(type);
    }
  });
});
