import { describe, expect, it } from "vitest";
import { formatDuration, prettyJson } from "./format.ts";

describe("formatDuration", () => {
  it("uses ms below a second, seconds below a minute, then minutes", () => {
    expect(formatDuration(850)).toBe("850 ms");
    expect(formatDuration(1234)).toBe("1.2 s");
    expect(formatDuration(15_400)).toBe("15 s");
    expect(formatDuration(125_000)).toBe("2 min 5 s");
    expect(formatDuration(-1)).toBe("–");
  });
});

describe("prettyJson", () => {
  it("indents JSON and leaves other text alone", () => {
    expect(prettyJson('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(prettyJson("not json")).toBe("not json");
  });
});
