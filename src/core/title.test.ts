import { describe, expect, it } from "vitest";
import { testEnv } from "../test/builders.ts";
import { restore, snapshot } from "./codec/index.ts";
import { createSession } from "./session.ts";
import { cleanTitle, DERIVED_TITLE_LENGTH, deriveTitle, MAX_TITLE_LENGTH } from "./title.ts";

describe("deriveTitle", () => {
  it("takes the first non-empty line with whitespace collapsed", () => {
    expect(deriveTitle("\n\n  What is   2+3,\tthen times 4?\nthanks")).toBe(
      "What is 2+3, then times 4?",
    );
  });

  it("cuts long text at a character boundary with an ellipsis", () => {
    const title = deriveTitle("😀".repeat(100));
    expect(Array.from(title)).toHaveLength(DERIVED_TITLE_LENGTH);
    expect(title.endsWith("😀…")).toBe(true);
  });

  it("is empty for blank text", () => {
    expect(deriveTitle(" \n\t ")).toBe("");
  });
});

describe("cleanTitle", () => {
  it("trims and limits a typed title", () => {
    expect(cleanTitle(`  ${"a".repeat(MAX_TITLE_LENGTH + 10)} `)).toHaveLength(MAX_TITLE_LENGTH);
  });
});

describe("a title of the longest length in emoji", () => {
  it("survives the disk codec (limits count code points, not UTF-16 units)", () => {
    const title = cleanTitle("😀".repeat(MAX_TITLE_LENGTH + 5));
    const session = { ...createSession(testEnv()), title };
    const restored = restore(JSON.parse(JSON.stringify(snapshot(session))));
    expect(restored.ok && restored.session.title).toBe(title);
  });
});

describe("a derived title keeps no Markdown marks (they showed in the list and the tab)", () => {
  it.each([
    ["**周五**的安排：\n\n- [x] 订会议室", "周五的安排："],
    ["Plan for **Friday**: book the room", "Plan for Friday: book the room"],
    ["# A heading", "A heading"],
    ["> quoted *words* and __more__", "quoted words and more"],
    ["- [ ] a task with `code`", "a task with code"],
    ["**bold _and italic_**", "bold and italic"],
    ["1. see [the docs](https://example.com) and ![a cat](cat.png)", "see the docs and a cat"],
    ["~~old~~ new", "old new"],
  ])("%j → %j", (text, title) => {
    expect(deriveTitle(text)).toBe(title);
  });

  it.each(["snake_case_name and 2*3*4", "a * b * c", "**", "price_1 and price_2"])(
    "leaves %j as it is",
    (text) => {
      expect(deriveTitle(text)).toBe(text);
    },
  );
});
