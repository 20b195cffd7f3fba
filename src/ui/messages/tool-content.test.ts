import { describe, expect, it } from "vitest";
import { TOOL_SHOWN_CHARS, toolContent } from "./tool-content.ts";

describe("toolContent", () => {
  it("indents JSON and keeps short texts whole", () => {
    expect(toolContent('{"a":1}')).toEqual({ text: '{\n  "a": 1\n}' });
    expect(toolContent("plain words")).toEqual({ text: "plain words" });
  });

  it("cuts a long result to the shown size and says how long it was", () => {
    const big = JSON.stringify({ rows: Array.from({ length: 5000 }, (_, i) => i) });
    const shown = toolContent(big);
    expect(shown.text).toHaveLength(TOOL_SHOWN_CHARS);
    expect(shown.clippedFrom).toBeGreaterThan(TOOL_SHOWN_CHARS);
    expect(toolContent(big, null).clippedFrom).toBeUndefined();
  });

  it("does not parse a text of megabytes to indent it", () => {
    const huge = `[${"1,".repeat(300_000)}1]`;
    expect(toolContent(huge, null).text).toBe(huge);
  });
});
