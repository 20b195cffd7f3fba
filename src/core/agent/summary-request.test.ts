import { describe, expect, it } from "vitest";
import { buildMessage } from "../../test/builders.ts";
import { estimatedSizes } from "../context/estimate.ts";
import { SUMMARY_INSTRUCTION, summaryTranscript } from "./summary-request.ts";

describe("the request for a summary", () => {
  const previous = buildMessage({
    role: "system",
    content: "Earlier: a plan.",
    summary: { covers: 6, lastCoveredId: "x" },
  });
  const added = [
    buildMessage({ role: "system", content: "a stored system prompt" }),
    buildMessage({ role: "user", content: "What is 2+3?" }),
    buildMessage({
      role: "assistant",
      content: "",
      toolCalls: [{ id: "c1", name: "calculator", arguments: '{"expression":"2+3"}' }],
    }),
    buildMessage({ role: "tool", content: "5", toolCallId: "c1" }),
    buildMessage({ role: "assistant", content: "It is 5." }),
  ];

  it("heads each message by its role and the previous summary by what it covers, after the fixed instruction", () => {
    const request = summaryTranscript(previous, added, estimatedSizes, 10_000);
    expect(request?.messages).toEqual([
      { role: "system", content: SUMMARY_INSTRUCTION },
      {
        role: "user",
        content:
          '[summary of 6 messages]\nEarlier: a plan.\n\n[user]\nWhat is 2+3?\n\n[assistant]\ncalled calculator({"expression":"2+3"})\n\n[tool result]\n5\n\n[assistant]\nIt is 5.',
      },
    ]);
    expect(request?.dropped).toBe(0);
  });

  it("leaves the oldest messages out of a transcript too long for the window, never the previous summary or the newest", () => {
    const long = [
      buildMessage({ content: "y".repeat(4000) }),
      buildMessage({ role: "assistant", content: "short" }),
    ];
    const request = summaryTranscript(previous, long, estimatedSizes, 200);
    expect(request?.dropped).toBe(1);
    expect(request?.messages[1]?.content).toBe(
      "[summary of 6 messages]\nEarlier: a plan.\n\n[assistant]\nshort",
    );
    expect(summaryTranscript(previous, long, estimatedSizes, 50)).toBeNull();
  });
});
