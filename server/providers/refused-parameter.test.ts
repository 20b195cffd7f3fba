import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatInit } from "../test/browser-turn.ts";
import { type FakeUpstream, startFakeUpstream } from "../test/fake-upstream.ts";
import { fixtureStream, fixtureText } from "../test/fixtures.ts";
import { readSse } from "../test/sse.ts";
import { upstreamApp } from "../test/upstream-app.ts";

const OK_OPENAI = { pieces: [fixtureStream("openai-chat/openai-python__text-with-logprobs.sse")] };
const OK_ANTHROPIC = { pieces: [fixtureStream("anthropic/vercel-ai__anthropic-text.chunks.txt")] };
const refusal = (body: unknown) => ({ status: 400, body: JSON.stringify(body) });

describe("a parameter the upstream refuses by name is left out and the request sent once more", () => {
  let upstream: FakeUpstream;
  let replies: Array<{ status?: number; body?: string; pieces?: string[] }> = [];
  beforeAll(async () => {
    upstream = await startFakeUpstream(() => replies.shift() ?? OK_OPENAI);
  });
  afterAll(() => upstream.close());
  const ask = (extra: Record<string, unknown>, model = "up/m") =>
    chatInit({ model, stream: true, messages: [{ role: "user", content: "hi" }], ...extra });
  const run = async (
    reply: Array<{ status?: number; body?: string; pieces?: string[] }>,
    extra: Record<string, unknown>,
    kind: "openai" | "anthropic" = "openai",
    defaults?: Record<string, unknown>,
  ) => {
    replies = reply;
    const before = upstream.requests.length;
    const env = defaults
      ? {
          PARLEY_CONFIG: JSON.stringify({
            providers: [
              {
                id: "up",
                kind,
                baseUrl: kind === "openai" ? `${upstream.origin}/v1` : upstream.origin,
                apiKeyEnv: "UP_KEY",
                models: ["m"],
                defaults,
              },
            ],
          }),
        }
      : {};
    const response = await upstreamApp(upstream.origin, env, { kind }).send(
      "/v1/chat/completions",
      ask(extra),
    );
    const sent = upstream.requests.slice(before).map((r) => r.json ?? {});
    return { response, sent };
  };

  it("errors/openai-400-unsupported-parameter.json: max_tokens is sent again as max_completion_tokens", async () => {
    const { response, sent } = await run(
      [
        { status: 400, body: fixtureText("errors/openai-400-unsupported-parameter.json") },
        OK_OPENAI,
      ],
      { max_tokens: 100 },
    );
    expect(response.status).toBe(200);
    const stream = await readSse(response);
    expect(stream.done).toBe(true);
    expect(stream.raw).not.toContain("x_parley_notes");
    expect(sent.map((b) => [b.max_tokens, b.max_completion_tokens])).toEqual([
      [100, undefined],
      [undefined, 100],
    ]);
  });

  it("errors/openai-400-unknown-parameter.json: response_format is left out, with an upstream_refused note", async () => {
    const { response, sent } = await run(
      [{ status: 400, body: fixtureText("errors/openai-400-unknown-parameter.json") }, OK_OPENAI],
      { response_format: { type: "json_object" }, temperature: 0.2 },
    );
    const stream = await readSse(response);
    expect(stream.chunks[0]?.choices[0]?.x_parley_notes).toEqual([
      { code: "param_dropped", param: "response_format", reason: "upstream_refused" },
    ]);
    expect(sent).toHaveLength(2);
    expect(sent[1]).not.toHaveProperty("response_format");
    expect(sent[1]?.temperature).toBe(0.2);
  });

  it("an unsupported value (temperature on a reasoning model the table does not know) is left out too", async () => {
    const { response, sent } = await run(
      [
        refusal({
          error: {
            message:
              "Unsupported value: 'temperature' does not support 0.3 with this model. Only the default (1) value is supported.",
            type: "invalid_request_error",
            param: "temperature",
            code: "unsupported_value",
          },
        }),
        OK_OPENAI,
      ],
      { temperature: 0.3 },
    );
    expect((await readSse(response)).chunks[0]?.choices[0]?.x_parley_notes).toEqual([
      { code: "param_dropped", param: "temperature", reason: "upstream_refused" },
    ]);
    expect(sent.map((b) => b.temperature)).toEqual([0.3, undefined]);
  });

  it("servers that name the field only in the message (Groq, older OpenAI) are understood", async () => {
    for (const message of [
      "property 'seed' is unsupported, did you mean 'stop'?",
      "Unrecognized request argument supplied: seed",
    ]) {
      const { response, sent } = await run(
        [refusal({ error: { message, type: "invalid_request_error" } }), OK_OPENAI],
        {
          seed: 7,
        },
      );
      expect(response.status).toBe(200);
      await response.text();
      expect(sent.map((b) => b.seed)).toEqual([7, undefined]);
    }
  });

  it("only once: a second refusal reaches the browser as the upstream's 400", async () => {
    const { response, sent } = await run(
      [
        { status: 400, body: fixtureText("errors/openai-400-unknown-parameter.json") },
        refusal({
          error: {
            message: "Unknown parameter: 'seed'.",
            param: "seed",
            code: "unknown_parameter",
          },
        }),
        OK_OPENAI,
      ],
      { response_format: { type: "json_object" }, seed: 1 },
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { type: "upstream_rejected", code: "unknown_parameter" },
    });
    expect(sent).toHaveLength(2);
  });

  it("a field the proxy did not send, or one a chat request cannot do without, is never left out", async () => {
    for (const param of ["logprobs", "messages", "model", "tools"]) {
      const { response, sent } = await run(
        [
          refusal({
            error: {
              message: `Unsupported parameter: '${param}'`,
              param,
              code: "unsupported_parameter",
            },
          }),
        ],
        {},
      );
      expect(response.status, param).toBe(400);
      expect(sent).toHaveLength(1);
    }
  });

  it("Anthropic: a field named before 'Extra inputs are not permitted', and top_p beside temperature", async () => {
    const topK = await run(
      [
        refusal({
          type: "error",
          error: {
            type: "invalid_request_error",
            message: "top_k: Extra inputs are not permitted",
          },
        }),
        OK_ANTHROPIC,
      ],
      {},
      "anthropic",
      { top_k: 5 },
    );
    expect((await readSse(topK.response)).chunks[0]?.choices[0]?.x_parley_notes).toEqual([
      { code: "param_dropped", param: "top_k", reason: "upstream_refused" },
    ]);
    expect(topK.sent.map((b) => b.top_k)).toEqual([5, undefined]);
    const both = await run(
      [
        refusal({
          type: "error",
          error: {
            type: "invalid_request_error",
            message:
              "`temperature` and `top_p` cannot both be specified for this model. Please use only one.",
          },
        }),
        OK_ANTHROPIC,
      ],
      { temperature: 0.5, top_p: 0.9 },
      "anthropic",
    );
    expect((await readSse(both.response)).chunks[0]?.choices[0]?.x_parley_notes).toEqual([
      { code: "param_dropped", param: "top_p", reason: "upstream_refused" },
    ]);
    expect(both.sent.map((b) => [b.temperature, b.top_p])).toEqual([
      [0.5, 0.9],
      [0.5, undefined],
    ]);
    const required = await run(
      [
        refusal({
          type: "error",
          error: { type: "invalid_request_error", message: "max_tokens: Field required" },
        }),
      ],
      {},
      "anthropic",
    );
    expect(required.response.status).toBe(400);
    expect(required.sent).toHaveLength(1);
  });
});
