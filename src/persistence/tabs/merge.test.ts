import { describe, expect, it } from "vitest";
import { treeOf } from "../../core/tree.ts";
import { appended, message, session } from "../../test/persistence-builders.ts";
import { mergeSessions } from "./merge.ts";

describe("mergeSessions", () => {
  const base = session(1, 3, { state: { a: 1, b: 2 }, metadata: { tags: ["x"] } });

  it("takes each field from the side that changed it", () => {
    const ours = { ...base, title: "Ours", state: { ...base.state, a: 10 } };
    const theirs = { ...base, metadata: { tags: ["y"] }, state: { a: 1, c: 3 } };
    const merged = mergeSessions(base, ours, theirs);
    expect(merged.title).toBe("Ours");
    expect(merged.metadata).toEqual({ tags: ["y"] });
    expect(merged.state).toEqual({ a: 10, c: 3 });
  });

  it("keeps both sides' new messages, theirs first, each as a version after the same message", () => {
    const ours = appended(base, message(10), message(11));
    const theirs = appended(base, message(20));
    const merged = mergeSessions(base, ours, theirs);
    expect(merged.messages.map((m) => m.id)).toEqual(["m0", "m1", "m2", "m20", "m10", "m11"]);
    // Our m10 answers m2 as it did here, not their m20, which the list now puts before it.
    const tree = treeOf(merged.messages);
    expect(tree.children.get("m2")).toEqual(["m20", "m10"]);
    expect(tree.parent.get("m11")).toBe("m10");
    expect(merged.messages.filter((m) => m.parentId !== undefined).map((m) => m.id)).toEqual([
      "m10",
    ]);
  });

  it("names no parent for what goes on after a message that is still there", () => {
    const ours = appended(base, message(10));
    const merged = mergeSessions(base, ours, base);
    expect(merged.messages.every((m) => m.parentId === undefined)).toBe(true);
    expect(treeOf(merged.messages).linear).toBe(true);
  });

  it("applies our edits and deletions to their list", () => {
    const edited = { ...message(1), content: "edited" };
    const ours = { ...base, messages: [base.messages[0], edited].filter((m) => m !== undefined) };
    const theirs = appended(base, message(20));
    const merged = mergeSessions(base, ours, theirs);
    expect(merged.messages.map((m) => m.content)).toEqual([
      "message number 0",
      "edited",
      "message number 20",
    ]);
  });

  it("without a base, our messages win by id and none of theirs is lost", () => {
    const ours = { ...base, messages: [{ ...message(2), content: "ours" }, message(9)] };
    const theirs = appended(base, message(20));
    const merged = mergeSessions(undefined, ours, theirs);
    expect(merged.messages.map((m) => m.id)).toEqual(["m0", "m1", "m2", "m20", "m9"]);
    expect(merged.messages[2]?.content).toBe("ours");
  });

  it("gives a revision above both sides and the later update time", () => {
    const ours = { ...base, revision: 7, updatedAt: "2026-12-01T00:00:00.000Z" };
    const theirs = { ...base, revision: 9 };
    const merged = mergeSessions(base, ours, theirs);
    expect(merged.revision).toBe(10);
    expect(merged.updatedAt).toBe("2026-12-01T00:00:00.000Z");
  });
});

describe("mergeSessions and a conversation's settings", () => {
  const base = session(1, 2, { settings: { temperature: 0.5 } });

  it("keeps the settings this tab changed", () => {
    const ours = { ...base, settings: { temperature: 0.3, maxTokens: 200 } };
    const theirs = { ...base, title: "Theirs" };
    expect(mergeSessions(base, ours, theirs).settings).toEqual({
      temperature: 0.3,
      maxTokens: 200,
    });
  });

  it("keeps theirs when this tab did not change them, removal included", () => {
    const { settings: _gone, ...theirs } = base;
    expect(mergeSessions(base, { ...base, title: "Ours" }, theirs).settings).toBeUndefined();
  });
});
