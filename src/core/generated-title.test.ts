import { describe, expect, it } from "vitest";
import { cleanGeneratedTitle, titleFromAnswer } from "./generated-title.ts";
import { DERIVED_TITLE_LENGTH } from "./title.ts";

describe("cleanGeneratedTitle", () => {
  it.each([
    ['"Spring in Japan"', "Spring in Japan"],
    ["“Spring in Japan.”", "Spring in Japan"],
    ["Title: Spring in Japan.", "Spring in Japan"],
    ["**Spring in Japan**", "Spring in Japan"],
    ["**Spring** in _Japan_", "Spring in Japan"],
    ["Title: **周五**的安排", "周五的安排"],
    ["# Spring in Japan\n\nA plan for two weeks.", "Spring in Japan"],
    ["标题：《日本春季旅行》。", "日本春季旅行"],
    ["Why is the sky blue?", "Why is the sky blue?"],
    ['"Quoted" words "here"', '"Quoted" words "here"'],
    ["Spring\u0000in\u001bJapan", "Spring in Japan"],
    ["  \n ", ""],
  ])("cleans %j to %j", (answer, title) => {
    expect(cleanGeneratedTitle(answer)).toBe(title);
  });

  it("cuts a long answer as a title from a first line is cut", () => {
    const title = cleanGeneratedTitle("word ".repeat(40));
    expect(Array.from(title)).toHaveLength(DERIVED_TITLE_LENGTH);
    expect(title.endsWith("…")).toBe(true);
  });
});

describe("titleFromAnswer", () => {
  it("gives the cleaned answer", () => {
    expect(titleFromAnswer("Spring in Japan.", "Plan a trip")).toBe("Spring in Japan");
  });

  it("keeps the first line as typed when the answer is empty or that line again", () => {
    expect(titleFromAnswer("", "Plan a trip.")).toBeNull();
    expect(titleFromAnswer('"Plan a trip"', "Plan a trip.")).toBeNull();
    expect(titleFromAnswer("Plan a trip.", "Plan a trip.")).toBeNull();
  });

  it("keeps a first line with Markdown when the answer is that line with its marks", () => {
    expect(titleFromAnswer("**周五**的安排：", "周五的安排：")).toBeNull();
  });
});
