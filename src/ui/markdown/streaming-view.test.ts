import { describe, expect, it } from "vitest";
import { MARKDOWN_MAX_CHARS } from "./limits.ts";
import { markdownView } from "./markdown-view.ts";
import { type StreamingParse, streamingMarkdownView } from "./streaming-view.ts";

const ANSWER = [
  "# Caching the request",
  "Here is a paragraph with **bold**, `code` and a [link](https://example.com).\nIt goes on.",
  "Setext heading\n===",
  "- one\n- two\n  - nested\n- three",
  "1. first\n2. second\n\n   still second",
  "| a | b |\n|:-|-:|\n| 1 | 2 |\n| 3 | 4 |",
  "> quoted\n> more\n\n> another quote",
  "```ts\nconst x = 1;\n\nconst y = 2;\n```",
  "Text right before a list\n- item\n- item",
  "    indented code\n    more",
  "---",
  "A closing line with $E=mc^2$ and ~~strike~~.",
].join("\n\n");

/** Streams `text` in pieces of `step` characters, as the view sees it, and returns each view. */
function stream(text: string, step: number) {
  const views: { text: string; parse: StreamingParse }[] = [];
  let previous: StreamingParse | null = null;
  for (let end = step; end < text.length + step; end += step) {
    const shown = text.slice(0, end);
    const parse: StreamingParse = { text: shown, view: streamingMarkdownView(shown, previous) };
    views.push({ text: shown, parse });
    previous = parse;
  }
  return views;
}

const shape = (text: string, view: ReturnType<typeof markdownView>) =>
  view.mode === "markdown" ? JSON.stringify(view.tokens) : `${view.mode}:${text.length}`;

describe("the view of a streaming answer", () => {
  it.each([1, 3, 7, 40])(
    "gives the tokens of a whole parse at every length (pieces of %i)",
    (step) => {
      for (const { text, parse } of stream(ANSWER, step)) {
        expect(shape(text, parse.view)).toBe(shape(text, markdownView(text)));
      }
    },
  );

  it("keeps the tokens of the blocks before the last, so their elements are not rebuilt", () => {
    const first = streamingMarkdownView("# Title\n\nA paragraph.\n\nThe last", null);
    const next = streamingMarkdownView("# Title\n\nA paragraph.\n\nThe last one", {
      text: "# Title\n\nA paragraph.\n\nThe last",
      view: first,
    });
    if (first.mode !== "markdown" || next.mode !== "markdown") throw new Error("not Markdown");
    expect(next.tokens[0]).toBe(first.tokens[0]);
    expect(next.tokens[2]).toBe(first.tokens[2]);
    expect(next.tokens.at(-1)?.raw).toBe("The last one");
  });

  it("parses again whole when a link definition may change a block before the last", () => {
    const start = "See [the docs][d].\n\n";
    const first = streamingMarkdownView(start, null);
    const text = `${start}[d]: https://example.com/docs\n`;
    const view = streamingMarkdownView(text, { text: start, view: first });
    expect(shape(text, view)).toBe(shape(text, markdownView(text)));
    expect(JSON.stringify(view)).toContain("https://example.com/docs");
  });

  it("parses again whole when the text does not extend the previous one", () => {
    const first = streamingMarkdownView("Hello there\n\nfriend", null);
    const view = streamingMarkdownView("Goodbye", { text: "Hello there\n\nfriend", view: first });
    expect(shape("Goodbye", view)).toBe(shape("Goodbye", markdownView("Goodbye")));
  });

  it("shows a text past the limits as plain, like a finished one", () => {
    const text = "x".repeat(MARKDOWN_MAX_CHARS + 1);
    expect(streamingMarkdownView(text, null)).toMatchObject({ mode: "plain", reason: "size" });
  });
});
