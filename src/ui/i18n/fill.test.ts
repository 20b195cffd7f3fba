import { describe, expect, it } from "vitest";
import { dictionaryOf } from "./dictionaries.ts";
import { fill } from "./fill.ts";
import { translate } from "./use-t.ts";

// Every section is loaded in src/test/setup-dictionaries.ts.
const en = dictionaryOf("en");
const zh = dictionaryOf("zh");

describe("fill", () => {
  it("puts values in and leaves a missing one as written", () => {
    expect(fill("en", "{a} and {b}", { a: 1 })).toBe("1 and {b}");
  });

  it("picks the English word by count", () => {
    const text = "{n} {n|step|steps}";
    expect(fill("en", text, { n: 1 })).toBe("1 step");
    expect(fill("en", text, { n: 0 })).toBe("0 steps");
    expect(fill("en", text, { n: 2 })).toBe("2 steps");
    expect(fill("en", text, { n: "1" })).toBe("1 step");
  });

  it("uses the other form where the locale has no singular", () => {
    expect(fill("zh", "{n} {n|a|b}", { n: 1 })).toBe("1 b");
  });

  it("says 1 step in the app's strings, in English and Chinese", () => {
    expect(translate("en", "agentStepsShort", { n: 1 })).toBe("1 step");
    expect(translate("en", "agentStepsShort", { n: 8 })).toBe("8 steps");
    expect(translate("zh", "agentStepsShort", { n: 1 })).toBe(
      (zh.agentStepsShort ?? "").replace("{n}", "1"),
    );
    expect(en.agentStepsShort).toContain("|");
  });
});
