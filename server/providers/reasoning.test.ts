import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WireCompletion } from "../../src/core/wire.ts";
import { chatInit } from "../test/browser-turn.ts";
import { type FakeUpstream, type Reply, startFakeUpstream } from "../test/fake-upstream.ts";
import { readSse } from "../test/sse.ts";
import { upstreamApp } from "../test/upstream-app.ts";

const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: "c", object: "chat.completion.chunk", created: 1, model: "m", choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
const event = (data: Record<string, unknown>) =>
  `event: ${data.type}\ndata: ${JSON.stringify(data)}\n\n`;
const SIGNATURE = "EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds";
const REDACTED =
  "EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIwxtE3rAFBa8cr3qpPkNRj2YfWXGmKDxH4mPnZ5sQ7vB5URj2pVmw";

/** Anthropic's stream with extended thinking: a signed thinking block, a redacted one, then text. */
const ANTHROPIC_THINKING = [
  event({
    type: "message_start",
    message: { id: "msg_1", usage: { input_tokens: 10, output_tokens: 1 } },
  }),
  event({
    type: "content_block_start",
    index: 0,
    content_block: { type: "thinking", thinking: "", signature: "" },
  }),
  event({
    type: "content_block_delta",
    index: 0,
    delta: { type: "thinking_delta", thinking: "Two plus two " },
  }),
  event({
    type: "content_block_delta",
    index: 0,
    delta: { type: "thinking_delta", thinking: "is four." },
  }),
  event({
    type: "content_block_delta",
    index: 0,
    delta: { type: "signature_delta", signature: SIGNATURE },
  }),
  event({ type: "content_block_stop", index: 0 }),
  event({
    type: "content_block_start",
    index: 1,
    content_block: { type: "redacted_thinking", data: REDACTED },
  }),
  event({ type: "content_block_stop", index: 1 }),
  event({ type: "content_block_start", index: 2, content_block: { type: "text", text: "" } }),
  event({ type: "content_block_delta", index: 2, delta: { type: "text_delta", text: "4" } }),
  event({ type: "content_block_stop", index: 2 }),
  event({
    type: "message_delta",
    delta: { stop_reason: "end_turn" },
    usage: { output_tokens: 20 },
  }),
  event({ type: "message_stop" }),
].join("");

describe("reasoning, whatever the provider, reaches the browser as delta.reasoning_content", () => {
  let upstream: FakeUpstream;
  let reply: Reply = { status: 500 };
  beforeAll(async () => {
    upstream = await startFakeUpstream(() => reply);
  });
  afterAll(() => upstream.close());
  const ask = (stream = true) =>
    chatInit({ model: "up/m", stream, messages: [{ role: "user", content: "2+2?" }] });

  it("OpenAI-compatible: reasoning_content, reasoning or thinking; signed and encrypted details never pass", async () => {
    for (const field of ["reasoning_content", "reasoning", "thinking"]) {
      reply = {
        pieces: [
          chunk({ role: "assistant", content: "" }),
          chunk({ [field]: "Two plus two " }),
          chunk({
            [field]: "is four.",
            reasoning_details: [
              { type: "reasoning.encrypted", data: REDACTED, signature: SIGNATURE },
            ],
          }),
          chunk({ content: "4" }),
          chunk({}, "stop"),
          "data: [DONE]\n\n",
        ],
      };
      const stream = await readSse(
        await upstreamApp(upstream.origin).send("/v1/chat/completions", ask()),
      );
      const reasoning = stream.chunks
        .map((c) => c.choices[0]?.delta.reasoning_content ?? "")
        .join("");
      expect(reasoning, field).toBe("Two plus two is four.");
      expect(stream.text).toBe("4");
      expect(stream.raw).not.toContain(SIGNATURE.slice(0, 12));
      expect(stream.raw).not.toContain(REDACTED.slice(0, 12));
      expect(stream.raw).not.toContain("reasoning_details");
    }
  });

  it("Anthropic: thinking_delta becomes reasoning_content; a signature or redacted thinking is never sent", async () => {
    reply = { pieces: [ANTHROPIC_THINKING] };
    const app = upstreamApp(upstream.origin, {}, { kind: "anthropic" });
    const stream = await readSse(await app.send("/v1/chat/completions", ask()));
    expect(stream.chunks.map((c) => c.choices[0]?.delta.reasoning_content).filter(Boolean)).toEqual(
      ["Two plus two ", "is four."],
    );
    expect(stream.text).toBe("4");
    expect(stream.done).toBe(true);
    for (const secret of [SIGNATURE, REDACTED])
      expect(stream.raw).not.toContain(secret.slice(0, 12));
    const completion = (await (
      await app.send("/v1/chat/completions", ask(false))
    ).json()) as WireCompletion;
    expect(completion.choices[0]?.message).toEqual({
      role: "assistant",
      content: "4",
      reasoning_content: "Two plus two is four.",
    });
  });
});

describe("reasoning goes back upstream only where the provider needs it", () => {
  let upstream: FakeUpstream;
  beforeAll(async () => {
    upstream = await startFakeUpstream(() => ({
      pieces: [chunk({ role: "assistant", content: "ok" }, "stop"), "data: [DONE]\n\n"],
    }));
  });
  afterAll(() => upstream.close());
  const call = {
    id: "t1",
    type: "function",
    function: { name: "calculator", arguments: '{"expression":"2+2"}' },
  };
  const history = [
    { role: "user", content: "2+2?" },
    { role: "assistant", content: "4", reasoning_content: "Simple sum." },
    { role: "user", content: "and with the calculator?" },
    {
      role: "assistant",
      content: null,
      tool_calls: [call],
      reasoning_content: "I should call it.",
    },
    { role: "tool", tool_call_id: "t1", content: "4" },
    { role: "assistant", content: null, tool_calls: [{ ...call, id: "t2" }] },
    { role: "tool", tool_call_id: "t2", content: "4" },
  ];
  const sentReasoning = async (model: string) => {
    const app = upstreamApp(upstream.origin, {}, { models: [model] });
    const response = await app.send(
      "/v1/chat/completions",
      chatInit({ model: `up/${model}`, stream: true, messages: history }),
    );
    await response.text();
    const sent = upstream.requests.at(-1)?.json as { messages: Array<Record<string, unknown>> };
    return sent.messages.map((m) => m.reasoning_content);
  };

  it("DeepSeek's thinking mode: on each assistant message with tool calls, an empty one too; never on others", async () => {
    expect(await sentReasoning("deepseek-reasoner")).toEqual([
      undefined,
      undefined,
      undefined,
      "I should call it.",
      undefined,
      "",
      undefined,
    ]);
  });

  it("everyone else: never", async () => {
    for (const model of ["gpt-4o", "deepseek-chat", "my-model"])
      expect(
        (await sentReasoning(model)).every((r) => r === undefined),
        model,
      ).toBe(true);
  });
});
