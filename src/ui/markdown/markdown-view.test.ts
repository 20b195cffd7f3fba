import { describe, expect, it } from "vitest";
import { MARKDOWN_MAX_CHARS } from "./limits.ts";
import { cachedMarkdownView, markdownView } from "./markdown-view.ts";

describe("markdown views", () => {
  it("parses a finished message once and gives the same tokens when its row comes back", () => {
    const text = "# Title\n\nSome *text* and `code`.";
    const first = cachedMarkdownView(text);
    expect(first.mode).toBe("markdown");
    expect(cachedMarkdownView(`${text}`)).toBe(first);
    expect(markdownView(text)).not.toBe(first);
  });

  it("keeps only the most recently used, so the cache stays small", () => {
    const first = cachedMarkdownView("the first of many");
    for (let i = 0; i < 400; i++) cachedMarkdownView(`message ${i}`);
    expect(cachedMarkdownView("the first of many")).not.toBe(first);
  });

  it("still shows oversized text as plain, with its reason", () => {
    const view = cachedMarkdownView("x".repeat(MARKDOWN_MAX_CHARS + 1));
    expect(view).toMatchObject({ mode: "plain", reason: "size" });
  });
});
