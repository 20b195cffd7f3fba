import { describe, expect, it } from "vitest";
import type { DraftMessage } from "./conversation-draft.ts";
import { ImportNotes } from "./import-note.ts";
import { pruneDraft, settleToolCalls } from "./tool-pairing.ts";

const at = (
  id: string,
  parentId: string | undefined,
  rest: Partial<DraftMessage>,
): DraftMessage => ({
  id,
  parentId,
  path: `$.${id}`,
  role: "user",
  content: "",
  ...rest,
});
const call = (id: string, parentId: string, callId: string) =>
  at(id, parentId, {
    role: "assistant",
    content: "Looking.",
    toolCalls: [{ id: callId, name: "search", arguments: "{}" }],
  });
const result = (id: string, parentId: string, callId: string | undefined, content = "found") =>
  at(id, parentId, { role: "tool", content, ...(callId ? { toolCallId: callId } : {}) });
const shape = (messages: readonly DraftMessage[]) =>
  messages.map((m) => `${m.parentId ?? "-"}>${m.id}:${m.role}${m.toolCalls ? "+call" : ""}`);

describe("tool calls in an imported tree", () => {
  it("pairs each version's call with the result below it, whatever sits between them in the list", () => {
    // q ─ c1 ─ r1 ─ a1     (the first answer)
    //   └ c2 ─ r2 ─ a2     (the answer given again, with a call of its own)
    const tree = [
      at("q", undefined, { content: "Weather?" }),
      call("c1", "q", "t1"),
      result("r1", "c1", "t1"),
      at("a1", "r1", { role: "assistant", content: "Sunny." }),
      call("c2", "q", "t2"),
      result("r2", "c2", "t2"),
      at("a2", "r2", { role: "assistant", content: "Rain." }),
    ];
    const notes = new ImportNotes();
    expect(settleToolCalls(tree, notes)).toEqual(tree);
    expect(notes.list()).toEqual([]);
  });

  it("a result on another version than its call becomes text, and the call keeps its text", () => {
    const tree = [
      at("q", undefined, { content: "Weather?" }),
      call("c1", "q", "t1"),
      result("r2", "q", "t1"),
    ];
    const notes = new ImportNotes();
    const settled = settleToolCalls(tree, notes);
    expect(shape(settled)).toEqual(["->q:user", "q>c1:assistant", "q>r2:assistant"]);
    expect(settled[1]?.content).toContain("search: {}");
    expect(notes.list()).toEqual([
      { code: "tool-call-as-text", count: 1 },
      { code: "tool-result-as-text", count: 1 },
    ]);
  });

  it("a dropped message's children hang from its parent, so no version below it is cut off", () => {
    const tree = [
      at("q", undefined, { content: "Weather?" }),
      call("c1", "q", "t1"),
      result("r1", "c1", "t1"),
      result("empty", "r1", undefined, " "),
      at("a1", "empty", { role: "assistant", content: "Sunny." }),
      at("a2", "empty", { role: "assistant", content: "Rain." }),
    ];
    expect(shape(settleToolCalls(tree))).toEqual([
      "->q:user",
      "q>c1:assistant+call",
      "c1>r1:tool",
      "r1>a1:assistant",
      "r1>a2:assistant",
    ]);
    const chain = [at("a", undefined, {}), at("b", "a", {}), at("c", "b", {}), at("d", "c", {})];
    const kept = pruneDraft(chain, (m) => (m.id === "b" || m.id === "c" ? undefined : m));
    expect(shape(kept)).toEqual(["->a:user", "a>d:user"]);
  });
});
