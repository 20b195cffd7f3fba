import { describe, expect, it } from "vitest";
import { ImportNotes } from "./import-note.ts";
import { type ImportedNode, keepWholeTree, keptLeaf, wholeTree } from "./imported-tree.ts";

const node = (id: string, parentId?: string): ImportedNode => ({
  id,
  parentId,
  path: `$.${id}`,
  role: "user",
  content: id,
});
const shape = (nodes: readonly ImportedNode[]) => nodes.map((n) => `${n.parentId ?? "-"}>${n.id}`);

describe("an imported tree, kept whole", () => {
  // q1 ─ a1 ─ q2 ─ a2
  //   └─ a1b        └─ a2b ─ q3
  const tree = [
    node("q3", "a2b"),
    node("a2", "q2"),
    node("q1"),
    node("a1b", "q1"),
    node("q2", "a1"),
    node("a1", "q1"),
    node("a2b", "q2"),
  ];

  it("keeps every node, depth first, each parent before its children and siblings in file order", () => {
    const whole = wholeTree({ nodes: tree, activeLeafId: "a2" });
    expect(shape(whole.nodes)).toEqual([
      "->q1",
      "q1>a1b",
      "q1>a1",
      "a1>q2",
      "q2>a2",
      "q2>a2b",
      "a2b>q3",
    ]);
    expect(whole).toMatchObject({ leafId: "a2", versions: 3, parentMissing: 0, inLoop: 0 });
  });

  it("without an active leaf, or with one the tree lacks, shows the latest version: the last child at each step", () => {
    expect(wholeTree({ nodes: tree }).leafId).toBe("q3");
    expect(wholeTree({ nodes: tree, activeLeafId: "gone" }).leafId).toBe("q3");
    const flat = [node("a"), node("b", "a"), node("c", "a"), node("d", "b")];
    expect(wholeTree({ nodes: flat }).leafId).toBe("c");
  });

  it("a conversation never edited is one version, in its own order", () => {
    const line = [node("a"), node("b", "a"), node("c", "b")];
    expect(wholeTree({ nodes: line })).toMatchObject({ versions: 1, leafId: "c", nodes: line });
    expect(wholeTree({ nodes: [] })).toMatchObject({ nodes: [], versions: 0, leafId: undefined });
  });

  it("a parent the file lacks, a loop of parents and a repeated id are mended, kept and counted", () => {
    const odd = [node("a"), node("b", "c"), node("c", "b"), node("d", "c"), node("a", "x")];
    const whole = wholeTree({ nodes: odd, activeLeafId: "d" });
    expect(shape(whole.nodes)).toEqual(["->a", "->a#2", "->b", "b>c", "c>d"]);
    expect(whole).toMatchObject({ leafId: "d", parentMissing: 1, inLoop: 3, repeatedIds: 1 });
    expect(shape(wholeTree({ nodes: [node("s", "s")] }).nodes)).toEqual(["->s"]);
  });

  it("a chain 100,000 messages deep is walked without overflowing the stack", () => {
    const chain = Array.from({ length: 100_000 }, (_, i) => node(`m${i}`, `m${i - 1}`));
    const whole = wholeTree({ nodes: chain.toReversed() });
    expect(whole.nodes.map((n) => n.id)).toEqual(chain.map((n) => n.id));
    expect(whole).toMatchObject({ leafId: "m99999", versions: 1, parentMissing: 1 });
    const ring = chain.slice(0, 20_000);
    const loop = wholeTree({
      nodes: [{ ...ring[0], parentId: "m19999" } as ImportedNode, ...ring.slice(1)],
    });
    expect(loop).toMatchObject({ leafId: "m19999", inLoop: 20_000, versions: 1 });
  });

  it("keeping the tree notes the versions, what was mended, and what every node's reading noted", () => {
    const notes = new ImportNotes();
    const perNode = new Map([
      ["a1", new ImportNotes()],
      ["a1b", new ImportNotes()],
    ]);
    perNode.get("a1")?.add("blocks-left-out", 1, "voice");
    perNode.get("a1b")?.add("thinking-left-out");
    const kept = keepWholeTree({ nodes: [...tree, node("z", "nowhere")] }, notes, perNode);
    expect(kept.nodes).toHaveLength(8);
    expect(notes.list()).toEqual([
      { code: "versions", count: 4 },
      { code: "tree-parent-missing", count: 1 },
      { code: "thinking-left-out", count: 1 },
      { code: "blocks-left-out", count: 1, detail: "voice" },
    ]);
  });

  it("a leaf a later step dropped gives way to its nearest kept ancestor", () => {
    const before = [node("a"), node("b", "a"), node("c", "b")];
    expect(keptLeaf(before, [before[0] as ImportedNode], "c")).toBe("a");
    expect(keptLeaf(before, before, "c")).toBe("c");
    expect(keptLeaf(before, [], "c")).toBeUndefined();
  });
});
