import { describe, expect, it } from "vitest";
import { buildMessage } from "../../test/builders.ts";
import { displayRows } from "./display-rows.ts";

describe("displayRows", () => {
  const call = { id: "c1", name: "calculator", arguments: '{"expression":"2+3"}' };
  const messages = [
    buildMessage({ id: "s", role: "system", content: "You are…" }),
    buildMessage({ id: "u", role: "user", content: "2+3?" }),
    buildMessage({
      id: "a1",
      role: "assistant",
      content: "",
      toolCalls: [call, { ...call, id: "c2" }],
    }),
    buildMessage({ id: "t1", role: "tool", content: "5", toolCallId: "c1" }),
    buildMessage({ id: "a2", role: "assistant", content: "5", status: "interrupted" }),
  ];

  it("hides system messages and pairs each tool message with its call", () => {
    const rows = displayRows(messages);
    expect(rows.map((r) => r.key)).toEqual(["u", "a1", "t1", "a2"]);
    expect(rows[2]?.call).toEqual(call);
  });

  it("shows a summary of older messages, which is a system message of its own", () => {
    const summary = buildMessage({
      id: "sum",
      role: "system",
      content: "They added numbers.",
      summary: { covers: 4, lastCoveredId: "a2" },
    });
    const rows = displayRows([...messages, summary]);
    expect(rows.map((r) => r.key)).toEqual(["u", "a1", "t1", "a2", "sum"]);
    expect(rows.find((r) => r.key === "a2")?.lastAnswer).toBe(true);
  });

  it("lists calls still waiting for a result on their assistant message", () => {
    expect(displayRows(messages)[1]?.pendingCalls.map((c) => c.id)).toEqual(["c2"]);
  });

  it("marks only the last answer and keeps its status", () => {
    const rows = displayRows(messages);
    expect(rows.map((r) => r.lastAnswer)).toEqual([false, false, false, true]);
    expect(rows[3]?.status).toBe("interrupted");
  });
});
