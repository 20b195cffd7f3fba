import { describe, expect, it } from "vitest";
import { buildMessage } from "../../test/builders.ts";
import { displayRows } from "./display-rows.ts";
import { foldToolSteps, type ToolGroup, toolCounts } from "./tool-groups.ts";

const call = (id: string, name = "calculator") => ({ id, name, arguments: "{}" });

describe("foldToolSteps", () => {
  const sum = [
    buildMessage({ id: "u", role: "user", content: "2+3, then times 4?" }),
    buildMessage({ id: "a1", role: "assistant", content: "", toolCalls: [call("c1")] }),
    buildMessage({ id: "t1", role: "tool", content: "5", toolCallId: "c1" }),
    buildMessage({ id: "a2", role: "assistant", content: "", toolCalls: [call("c2")] }),
    buildMessage({ id: "t2", role: "tool", content: "20", toolCallId: "c2" }),
    buildMessage({ id: "a3", role: "assistant", content: "The result is 20." }),
  ];

  it("folds a two-step sum into one group between the question and the answer", () => {
    const rows = foldToolSteps(displayRows(sum));
    expect(rows.map((r) => r.kind)).toEqual(["message", "tools", "message"]);
    const group = rows[1] as ToolGroup;
    expect(group.steps.map((s) => [s.call.id, s.result?.content])).toEqual([
      ["c1", "5"],
      ["c2", "20"],
    ]);
    expect(toolCounts(group)).toEqual([{ name: "calculator", count: 2 }]);
  });

  it("keeps a call still waiting for its result in the group, without a result", () => {
    const rows = foldToolSteps(displayRows(sum.slice(0, 4)));
    const group = rows[1] as ToolGroup;
    expect(group.steps.map((s) => s.result?.content)).toEqual(["5", undefined]);
  });

  it("leaves an answer with text of its own, or one that failed, as a message", () => {
    const rows = foldToolSteps(
      displayRows([
        buildMessage({ id: "u", role: "user", content: "name?" }),
        buildMessage({
          id: "a1",
          role: "assistant",
          content: "Let me look.",
          toolCalls: [call("c1", "state_get")],
        }),
        buildMessage({ id: "t1", role: "tool", content: "Li", toolCallId: "c1" }),
        buildMessage({
          id: "a2",
          role: "assistant",
          content: "",
          toolCalls: [call("c2")],
          status: "error",
        }),
      ]),
    );
    expect(rows.map((r) => (r.kind === "tools" ? "tools" : r.key))).toEqual([
      "u",
      "a1",
      "tools",
      "a2",
    ]);
    expect((rows[2] as ToolGroup).steps.map((s) => s.call.name)).toEqual(["state_get"]);
  });
});
