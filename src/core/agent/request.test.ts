import { describe, expect, it } from "vitest";
import { buildMessage } from "../../test/builders.ts";
import type { AgentConfig } from "../agent-types.ts";
import { builtinToolRegistry } from "../tools/builtin-registry.ts";
import { buildModelRequest, hasSomethingToAnswer } from "./request.ts";

const agent: AgentConfig = {
  name: "A",
  instructions: "Be A.",
  model: "demo",
  tools: [],
  maxSteps: 2,
};

describe("buildModelRequest", () => {
  it("drops stored system messages, its own and other agents'", () => {
    const request = buildModelRequest(
      agent,
      [
        buildMessage({ role: "system", content: "Be A.", agent: "A" }),
        buildMessage({ role: "system", content: "Be B.", agent: "B" }),
        buildMessage({ role: "user", content: "hi" }),
      ],
      builtinToolRegistry,
    );
    expect(request).toEqual({
      model: "demo",
      messages: [
        { role: "system", content: "Be A." },
        { role: "user", content: "hi" },
      ],
    });
  });

  it("leaves out empty failed answers and keeps partial ones", () => {
    const request = buildModelRequest(
      agent,
      [
        buildMessage({ role: "user", content: "one" }),
        buildMessage({ role: "assistant", content: "", status: "interrupted" }),
        buildMessage({ role: "user", content: "two" }),
        buildMessage({ role: "assistant", content: "Half", status: "interrupted" }),
        buildMessage({ role: "user", content: "three" }),
      ],
      builtinToolRegistry,
    );
    expect(request.messages.map((m) => m.content)).toEqual([
      "Be A.",
      "one",
      "two",
      "Half",
      "three",
    ]);
  });

  it("keeps tool calls only with their results, and results only with their calls", () => {
    const request = buildModelRequest(
      agent,
      [
        buildMessage({ role: "user", content: "go" }),
        buildMessage({
          role: "assistant",
          content: "",
          toolCalls: [
            { id: "a", name: "calculator", arguments: "{}" },
            { id: "b", name: "calculator", arguments: "{}" },
          ],
        }),
        buildMessage({ role: "tool", content: "1", toolCallId: "a" }),
        buildMessage({ role: "tool", content: "orphan", toolCallId: "zzz" }),
      ],
      builtinToolRegistry,
    );
    expect(request.messages.slice(2)).toEqual([
      {
        role: "assistant",
        content: null,
        tool_calls: [
          { id: "a", type: "function", function: { name: "calculator", arguments: "{}" } },
        ],
      },
      { role: "tool", content: "1", tool_call_id: "a" },
    ]);
  });

  it("sends an answer's reasoning back only with its tool calls, for the proxy to pass on where the provider wants it", () => {
    const reasoning = { text: "Add first.", durationMs: 5 };
    const request = buildModelRequest(
      agent,
      [
        buildMessage({ role: "user", content: "2+3?" }),
        buildMessage({
          role: "assistant",
          content: "",
          reasoning,
          toolCalls: [{ id: "a", name: "calculator", arguments: "{}" }],
        }),
        buildMessage({ role: "tool", content: "5", toolCallId: "a" }),
        buildMessage({
          role: "assistant",
          content: "5",
          reasoning: { text: "Done.", durationMs: 1 },
        }),
        buildMessage({ role: "user", content: "again" }),
      ],
      builtinToolRegistry,
    );
    const assistants = request.messages.filter((m) => m.role === "assistant");
    expect(assistants[0]).toMatchObject({ reasoning_content: "Add first." });
    expect(assistants[1]).toEqual({ role: "assistant", content: "5" });
  });

  it("a tool result after the next user message never answers an earlier turn's call (OpenAI refuses a tool message after a user message)", () => {
    const request = buildModelRequest(
      agent,
      [
        buildMessage({ role: "user", content: "one" }),
        buildMessage({
          role: "assistant",
          content: "Working",
          toolCalls: [{ id: "a", name: "calculator", arguments: "{}" }],
        }),
        buildMessage({ role: "user", content: "two" }),
        buildMessage({ role: "tool", content: "late", toolCallId: "a" }),
        buildMessage({ role: "assistant", content: "Done" }),
        buildMessage({ role: "user", content: "three" }),
      ],
      builtinToolRegistry,
    );
    expect(request.messages.slice(1)).toEqual([
      { role: "user", content: "one" },
      { role: "assistant", content: "Working" },
      { role: "user", content: "two" },
      { role: "assistant", content: "Done" },
      { role: "user", content: "three" },
    ]);
  });

  it("sends no system message for an agent without instructions", () => {
    const request = buildModelRequest(
      { ...agent, instructions: " " },
      [buildMessage({ content: "x" })],
      builtinToolRegistry,
    );
    expect(request.messages).toEqual([{ role: "user", content: "x" }]);
  });
});

describe("buildModelRequest and parameters", () => {
  it("carries the agent's parameters, and none when it sets none", () => {
    const history = [buildMessage({ role: "user", content: "hi" })];
    const tuned = { ...agent, temperature: 0.2, reasoningEffort: "high" as const };
    expect(buildModelRequest(tuned, history, builtinToolRegistry).params).toEqual({
      temperature: 0.2,
      reasoningEffort: "high",
    });
    expect(buildModelRequest(agent, history, builtinToolRegistry)).not.toHaveProperty("params");
  });
});

describe("hasSomethingToAnswer", () => {
  const call = { id: "c1", name: "calculator", arguments: "{}" };
  const system = buildMessage({ role: "system", content: "Be A." });
  const empty = buildMessage({ role: "assistant", content: "", status: "error" });
  const calling = buildMessage({ role: "assistant", content: "", toolCalls: [call] });
  const result = buildMessage({ role: "tool", content: "2", toolCallId: "c1" });
  const orphan = buildMessage({ role: "tool", content: "2", toolCallId: "gone" });
  const cases: Array<[string, ReturnType<typeof buildMessage>[], boolean]> = [
    ["nothing", [], false],
    ["a stored system prompt and an empty answer", [system, empty], false],
    ["a call without its result, and a result without its call", [calling, orphan], false],
    ["a call with its result", [system, calling, result], true],
    ["an answer with text", [system, buildMessage({ role: "assistant", content: "hi" })], true],
    ["a user message before empty answers", [buildMessage(), empty, empty], true],
  ];
  it.each(cases)("says what the built request says for %s", (_, history, expected) => {
    const built = buildModelRequest(agent, history, builtinToolRegistry);
    expect(built.messages.some((m) => m.role !== "system")).toBe(expected);
    expect(hasSomethingToAnswer(history)).toBe(expected);
  });
});
