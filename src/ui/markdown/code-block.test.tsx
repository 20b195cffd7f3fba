import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { ScrollActivity } from "../virtual/scroll-activity.ts";
import { CodeBlock } from "./code-block.tsx";
import { loadHighlighter } from "./highlighter.ts";

const render = (code: string, scrolling: boolean) =>
  renderToStaticMarkup(
    <ScrollActivity.Provider value={scrolling}>
      <CodeBlock code={code} language="js" />
    </ScrollActivity.Provider>,
  );

describe("CodeBlock", () => {
  beforeAll(async () => {
    await loadHighlighter();
  });

  it("highlights when the list around it is still", () => {
    expect(render("const a = 1;", false)).toContain('class="hljs"');
  });

  it("leaves a new block plain while the list is scrolled, and highlights it once it settles", () => {
    const code = "let settled = true;";
    expect(render(code, true)).toContain(`<pre><code>${code}</code></pre>`);
    expect(render(code, false)).toContain('class="hljs"');
  });

  it("shows a block it already highlighted highlighted, even while scrolling", () => {
    const code = "const seen = 2;";
    render(code, false);
    expect(render(code, true)).toContain('class="hljs"');
  });
});
