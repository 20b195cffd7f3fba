import { describe, expect, it } from "vitest";
import { adopt, litAtOnce } from "./highlight-view.ts";
import type { CodeChunk } from "./highlighted-code.tsx";

const chunk = (text: string, ops = 10): CodeChunk => ({ text, nodes: [text], ops, lines: false });

describe("a code block's highlighted view", () => {
  it("keeps the lit chunks a growing block showed before, so streaming does not flash plain text", () => {
    const before = adopt(null, "a\nb\n", [chunk("a\n"), chunk("b\n")], 2);
    const source = [chunk("a\n"), chunk("b\n"), chunk("c\n")];
    const after = adopt(before, "a\nb\nc\n", source);
    expect(after.chunks[0]).toBe(before.chunks[0]);
    expect(after.chunks[1]).toBe(before.chunks[1]);
    expect(after.chunks[2]).toBe(source[2]);
    expect(after.lit).toBe(2);
  });

  it("keeps no chunk whose text changed, nor one not lit yet", () => {
    const before = adopt(null, "a\nb", [chunk("a\n"), chunk("b")], 1);
    const after = adopt(before, "a\nbc", [chunk("a\n"), chunk("bc")]);
    expect(after.lit).toBe(1);
    expect(adopt(before, "x\nb", [chunk("x\n"), chunk("b")]).lit).toBe(0);
  });

  it("lights leading chunks while the allowance lasts", () => {
    let left = 25;
    const claim = (ops: number) => {
      if (ops > left) return false;
      left -= ops;
      return true;
    };
    expect(litAtOnce([chunk("a", 10), chunk("b", 10), chunk("c", 10)], claim)).toBe(2);
  });
});
