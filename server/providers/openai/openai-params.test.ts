import { describe, expect, it } from "vitest";
import { chatCall } from "../../test/chat-call.ts";
import { openaiBody } from "./openai-request.ts";

const sent = (
  model: string,
  params: Record<string, unknown>,
  defaults: Record<string, unknown> = {},
) =>
  openaiBody(
    chatCall("openai", { messages: [{ role: "user", content: "hi" }], ...params }, model, {
      defaults,
    }),
  );
const pick = (body: Record<string, unknown>, keys: string[]) =>
  Object.fromEntries(keys.filter((k) => body[k] !== undefined).map((k) => [k, body[k]]));
const KEYS = [
  "temperature",
  "top_p",
  "max_tokens",
  "max_completion_tokens",
  "reasoning_effort",
  "presence_penalty",
];

describe("parameters for OpenAI-compatible upstreams", () => {
  it("a chat model gets them as sent, the answer's limit as max_tokens", () => {
    const { body, notes } = sent("gpt-4o", {
      temperature: 0.3,
      top_p: 0.9,
      max_completion_tokens: 200,
    });
    expect(pick(body, KEYS)).toEqual({ temperature: 0.3, top_p: 0.9, max_tokens: 200 });
    expect(notes).toEqual([]);
  });

  it("OpenAI's reasoning models take max_completion_tokens and refuse temperature and top_p: left out, with a note", () => {
    for (const model of ["o3", "o4-mini", "gpt-5", "o1-mini"]) {
      const { body, notes } = sent(model, {
        temperature: 0.3,
        top_p: 0.9,
        max_tokens: 200,
        presence_penalty: 0.5,
        reasoning_effort: "high",
      });
      const effort = model === "o1-mini" ? {} : { reasoning_effort: "high" };
      expect(pick(body, KEYS), model).toEqual({ max_completion_tokens: 200, ...effort });
      expect(notes.map((n) => [n.code, n.param, n.reason])).toEqual([
        ["param_dropped", "temperature", "model_refuses"],
        ["param_dropped", "top_p", "model_refuses"],
        ["param_dropped", "presence_penalty", "model_refuses"],
        ...(model === "o1-mini" ? [["param_dropped", "reasoning_effort", "model_refuses"]] : []),
      ]);
    }
  });

  it("the provider's defaults are fitted the same way", () => {
    const { body, notes } = sent("o3", {}, { temperature: 0.6, max_tokens: 900 });
    expect(pick(body, KEYS)).toEqual({ max_completion_tokens: 900 });
    expect(notes).toEqual([
      { code: "param_dropped", param: "temperature", reason: "model_refuses" },
    ]);
  });

  it("reasoning_effort reaches models that take it or are not known, and is left out for those known not to", () => {
    expect(sent("deepseek-v4-pro", { reasoning_effort: "high" }).body.reasoning_effort).toBe(
      "high",
    );
    expect(sent("my-local-model", { reasoning_effort: "low" }).body.reasoning_effort).toBe("low");
    const grok = sent("grok-4", { reasoning_effort: "low", temperature: 0.2 });
    expect(pick(grok.body, KEYS)).toEqual({ temperature: 0.2 });
    expect(grok.notes).toEqual([
      { code: "param_dropped", param: "reasoning_effort", reason: "model_refuses" },
    ]);
  });
});
