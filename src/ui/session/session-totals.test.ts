import { describe, expect, it } from "vitest";
import { buildMessage } from "../../test/builders.ts";
import { sessionTotals } from "./session-totals.ts";

describe("sessionTotals", () => {
  it("adds up usage, time and tool calls of the answers only", () => {
    const totals = sessionTotals([
      buildMessage({ role: "user", content: "2+3?" }),
      buildMessage({
        role: "assistant",
        content: "",
        toolCalls: [{ id: "c1", name: "calculator", arguments: '{"expression":"2+3"}' }],
        usage: { promptTokens: 10, completionTokens: 5, totalTokens: 15 },
        timing: { firstTokenMs: 100, totalMs: 400 },
      }),
      buildMessage({ role: "tool", content: "5", toolCallId: "c1" }),
      buildMessage({
        role: "assistant",
        content: "5",
        usage: { promptTokens: 20, completionTokens: 2, totalTokens: 22 },
        timing: { totalMs: 300 },
      }),
    ]);
    expect(totals).toEqual({
      promptTokens: 30,
      completionTokens: 7,
      totalTokens: 37,
      answers: 2,
      toolCalls: 1,
      answerMs: 700,
    });
  });
});
