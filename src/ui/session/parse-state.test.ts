import { describe, expect, it } from "vitest";
import { parseState } from "./parse-state.ts";

describe("parseState", () => {
  it("accepts a JSON object", () => {
    expect(parseState('{"name":"Li Ming","n":[1,2]}')).toEqual({
      ok: true,
      value: { name: "Li Ming", n: [1, 2] },
    });
  });

  it("refuses broken JSON with the parser's reason, and values that are not objects", () => {
    const broken = parseState('{"name": ');
    expect(broken.ok).toBe(false);
    expect(broken.ok ? "" : broken.reason).toBe("syntax");
    expect(broken.ok || broken.reason !== "syntax" ? "" : broken.detail).not.toBe("");
    for (const text of ["[1]", "null", "42", '"text"']) {
      expect(parseState(text)).toEqual({ ok: false, reason: "notObject", detail: "" });
    }
  });

  it("refuses state nested deeper than storage reads back, naming where (the bug that bricked a conversation)", () => {
    const text = `${'{"a":'.repeat(65)}1${"}".repeat(65)}`;
    const parsed = parseState(text);
    expect(parsed).toEqual({
      ok: false,
      reason: "unstorable",
      path: `$${".a".repeat(64)}`,
      problem: { code: "field-not-json", problem: "too-deep", maxDepth: 64 },
    });
    expect(parseState(`${'{"a":'.repeat(64)}1${"}".repeat(64)}`).ok).toBe(true);
  });
});
