import { describe, expect, it } from "vitest";
import { chatCall } from "../../test/chat-call.ts";
import { anthropicBody } from "./anthropic-request.ts";

const HI = [{ role: "user", content: "hi" }];
const sent = (
  model: string,
  params: Record<string, unknown>,
  defaults: Record<string, unknown> = {},
  messages: unknown[] = HI,
) => anthropicBody(chatCall("anthropic", { messages, ...params }, model, { defaults }));
const pick = (body: Record<string, unknown>) => {
  const keys = ["max_tokens", "temperature", "top_p", "top_k", "thinking"];
  return Object.fromEntries(keys.filter((k) => body[k] !== undefined).map((k) => [k, body[k]]));
};
const reasons = (notes: Array<{ code: string; param: string; reason?: string }>) =>
  notes.map((n) => `${n.code} ${n.param}${n.reason ? ` ${n.reason}` : ""}`);

describe("parameters for Anthropic", () => {
  it("max_tokens is required: the client's, the defaults', the model's longest answer, else 4,096", () => {
    expect(sent("claude-sonnet-4-5", { max_completion_tokens: 300 }).body.max_tokens).toBe(300);
    expect(sent("claude-sonnet-4-5", { max_tokens: 200 }).body.max_tokens).toBe(200);
    expect(sent("claude-sonnet-4-5", {}, { max_tokens: 900 }).body.max_tokens).toBe(900);
    expect(sent("claude-sonnet-4-5", {}).body.max_tokens).toBe(64_000);
    expect(sent("claude-3-5-haiku-latest", {}).body.max_tokens).toBe(8_192);
    expect(sent("claude-next", {}).body.max_tokens).toBe(4_096);
  });

  it("temperature above 1 is clamped to 1, with a note; top_p goes as sent", () => {
    const { body, notes } = sent("claude-sonnet-4-20250514", { temperature: 1.6, top_p: 0.8 });
    expect(pick(body)).toEqual({ max_tokens: 64_000, temperature: 1, top_p: 0.8 });
    expect(notes).toEqual([{ code: "param_clamped", param: "temperature", value: 1 }]);
  });

  it("a model that takes temperature or top_p, not both, gets temperature and a note for top_p", () => {
    const { body, notes } = sent("claude-haiku-4-5", { temperature: 0.3, top_p: 0.8 });
    expect(pick(body)).toEqual({ max_tokens: 64_000, temperature: 0.3 });
    expect(reasons(notes)).toEqual(["param_dropped top_p conflicts_with_temperature"]);
    expect(pick(sent("claude-haiku-4-5", { top_p: 0.8 }).body)).toMatchObject({ top_p: 0.8 });
  });

  it("reasoning_effort becomes extended thinking, which rules out temperature, top_k and a low top_p", () => {
    const { body, notes } = sent(
      "claude-sonnet-4-5",
      { reasoning_effort: "medium", temperature: 0.3, top_p: 0.5 },
      { top_k: 5 },
    );
    expect(pick(body)).toEqual({
      max_tokens: 64_000,
      thinking: { type: "enabled", budget_tokens: 8_192 },
    });
    expect(reasons(notes)).toEqual([
      "param_dropped temperature thinking_enabled",
      "param_dropped top_k thinking_enabled",
      "param_dropped top_p thinking_enabled",
    ]);
    expect(body.reasoning_effort).toBeUndefined();
    expect(
      pick(sent("claude-3-7-sonnet-latest", { reasoning_effort: "high", top_p: 0.97 }).body),
    ).toEqual({
      max_tokens: 64_000,
      top_p: 0.97,
      thinking: { type: "enabled", budget_tokens: 16_384 },
    });
  });

  it("the thinking budget stays under max_tokens, and is left out when max_tokens is too small for one", () => {
    expect(
      sent("claude-opus-4-1", { reasoning_effort: "high", max_tokens: 4000 }).body.thinking,
    ).toEqual({
      type: "enabled",
      budget_tokens: 3000,
    });
    const small = sent("claude-opus-4-1", { reasoning_effort: "low", max_tokens: 1000 });
    expect(small.body.thinking).toBeUndefined();
    expect(reasons(small.notes)).toEqual(["param_dropped reasoning_effort max_tokens_too_small"]);
    expect(sent("claude-opus-4-1", { reasoning_effort: "none" })).toMatchObject({ notes: [] });
  });

  it("thinking is left out, with a note, where Anthropic would refuse it", () => {
    const tools = [{ type: "function", function: { name: "f" } }];
    const loop = [
      ...HI,
      {
        role: "assistant",
        content: null,
        tool_calls: [{ id: "t", type: "function", function: { name: "f", arguments: "{}" } }],
      },
      { role: "tool", tool_call_id: "t", content: "1" },
    ];
    const cases: Array<[string, Record<string, unknown>, unknown[], string]> = [
      ["claude-3-5-sonnet-latest", {}, HI, "model_refuses"],
      ["claude-next", {}, HI, "model_refuses"],
      ["claude-sonnet-4-5", { tools }, loop, "tool_continuation"],
      [
        "claude-sonnet-4-5",
        {},
        [...HI, { role: "assistant", content: "Once upon " }],
        "answer_continuation",
      ],
      ["claude-sonnet-4-5", { tools, tool_choice: "required" }, HI, "tool_choice_forced"],
    ];
    for (const [model, extra, messages, reason] of cases) {
      const { body, notes } = sent(model, { reasoning_effort: "low", ...extra }, {}, messages);
      expect(body.thinking, `${model} ${reason}`).toBeUndefined();
      expect(reasons(notes)).toEqual([`param_dropped reasoning_effort ${reason}`]);
    }
  });

  it("an answer the request ends with is continued without its trailing white space", () => {
    const { body } = sent("claude-sonnet-4-5", {}, {}, [
      ...HI,
      { role: "assistant", content: "Once upon \n" },
    ]);
    expect(body.messages).toEqual([
      { role: "user", content: [{ type: "text", text: "hi" }] },
      { role: "assistant", content: [{ type: "text", text: "Once upon" }] },
    ]);
  });

  it("reasoning the browser sends back never reaches Anthropic (its thinking blocks need signatures the proxy does not keep)", () => {
    const { body } = sent("claude-sonnet-4-5", {}, {}, [
      ...HI,
      { role: "assistant", content: "hello", reasoning_content: "They greet me." },
      { role: "user", content: "again" },
    ]);
    expect(JSON.stringify(body.messages)).not.toContain("They greet me");
  });
});
