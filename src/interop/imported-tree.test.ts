import { describe, expect, it } from "vitest";
import { ImportNotes } from "./import-note.ts";
import { activePath, type ImportedNode, keepActivePath } from "./imported-tree.ts";

const node = (id: string, parentId?: string): ImportedNode => ({
  id,
  parentId,
  path: `$.${id}`,
  role: "user",
  content: id,
});
const ids = (nodes: readonly ImportedNode[]) => nodes.map((n) => n.id);

describe("the active path of an imported tree", () => {
  // q1 ─ a1 ─ q2 ─ a2
  //   └─ a1b        └─ a2b ─ q3
  const tree = [
    node("q1"),
    node("a1", "q1"),
    node("a1b", "q1"),
    node("q2", "a1"),
    node("a2", "q2"),
    node("a2b", "q2"),
    node("q3", "a2b"),
  ];

  it("walks up from the named leaf and counts the versions and the messages off the path", () => {
    expect(activePath({ nodes: tree, activeLeafId: "a2" })).toMatchObject({
      versions: 3,
      leftOut: 3,
    });
    expect(ids(activePath({ nodes: tree, activeLeafId: "a2" }).path)).toEqual([
      "q1",
      "a1",
      "q2",
      "a2",
    ]);
  });

  it("without an active leaf, or with one the tree lacks, takes the latest version: the last child at each step", () => {
    expect(ids(activePath({ nodes: tree }).path)).toEqual(["q1", "a1b"]);
    expect(ids(activePath({ nodes: tree, activeLeafId: "gone" }).path)).toEqual(["q1", "a1b"]);
    const flat = [node("a"), node("b", "a"), node("c", "a"), node("d", "b")];
    expect(ids(activePath({ nodes: flat }).path)).toEqual(["a", "c"]);
  });

  it("a conversation never edited is one version with nothing left out", () => {
    const line = [node("a"), node("b", "a"), node("c", "b")];
    expect(activePath({ nodes: line })).toMatchObject({ versions: 1, leftOut: 0 });
    expect(activePath({ nodes: [] })).toEqual({ path: [], versions: 0, leftOut: 0 });
  });

  it("a cycle of parents and a repeated id end the walk and are counted, never lost silently", () => {
    const cycle = [node("a"), node("b", "c"), node("c", "b"), node("a", "x")];
    const result = activePath({ nodes: cycle, activeLeafId: "b" });
    expect(ids(result.path)).toEqual(["c", "b"]);
    expect(result.leftOut).toBe(2);
    expect(ids(activePath({ nodes: [node("s", "s")] }).path)).toEqual(["s"]);
  });

  it("keeping the path notes the versions, the messages left out, and only the path's own notes", () => {
    const notes = new ImportNotes();
    const perNode = new Map([
      ["a1", new ImportNotes()],
      ["a1b", new ImportNotes()],
    ]);
    perNode.get("a1")?.add("blocks-left-out", 1, "voice");
    perNode.get("a1b")?.add("thinking-left-out");
    const kept = keepActivePath({ nodes: tree, activeLeafId: "q3" }, notes, perNode);
    expect(ids(kept)).toEqual(["q1", "a1", "q2", "a2b", "q3"]);
    expect(notes.list()).toEqual([
      { code: "versions", count: 3 },
      { code: "other-branches", count: 2 },
      { code: "blocks-left-out", count: 1, detail: "voice" },
    ]);
  });
});
