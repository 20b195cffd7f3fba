import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { auditMarkup } from "../../test/markup-audit.ts";
import { MARKDOWN_MAX_CHARS, MAX_NESTING } from "./limits.ts";
import { Markdown } from "./markdown.tsx";

const render = (text: string) => renderToStaticMarkup(<Markdown text={text} />);

describe("Markdown", () => {
  it("keeps a long answer's blocks in order as the children of one element", () => {
    const text = Array.from({ length: 40 }, (_, i) => `Block ${i}.`).join("\n\n");
    const html = render(text);
    const blocks = Array.from({ length: 40 }, (_, i) => `<p>Block ${i}.</p>`).join("");
    expect(html).toBe(`<div class="md">${blocks}</div>`);
  });

  it("renders GFM tables with alignment as classes, never as style", () => {
    const html = render("| a | b |\n|:-|-:|\n| 1 | **2** |");
    expect(html).toContain("<table>");
    expect(html).toContain('<th scope="col" class="align-left">a</th>');
    expect(html).toContain('<td class="align-right"><strong>2</strong></td>');
    expect(html).not.toContain("style=");
  });

  it("renders task lists and strikethrough", () => {
    const html = render("- [x] done\n- [ ] todo\n\n~~gone~~");
    expect(html).toContain(
      '<li class="md-task"><span class="md-checkbox checked" aria-hidden="true">☑</span><span class="visually-hidden">[x] </span><span>done</span></li>',
    );
    expect(html).toContain(
      '<span class="md-checkbox" aria-hidden="true">☐</span><span class="visually-hidden">[ ] </span><span>todo</span>',
    );
    expect(html).toContain("<del>gone</del>");
  });

  it("shows raw HTML as text instead of markup", () => {
    const html = render('<b onclick="alert(1)">hi</b>\n\n<div>block</div>');
    expect(html).not.toContain("<b ");
    expect(html).toContain("&lt;b onclick=");
    expect(html).toContain("&lt;div&gt;block&lt;/div&gt;");
  });

  it("opens http, https and mailto links in a new tab without opener or referrer", () => {
    const html = render("[a](https://example.com/x) [m](mailto:a@b.c) <http://example.org>");
    expect(html).toContain(
      '<a href="https://example.com/x" target="_blank" rel="noopener noreferrer">a</a>',
    );
    expect(html).toContain('href="mailto:a@b.c"');
    expect(html).toContain('href="http://example.org/"');
  });

  it("drops links with other schemes or relative addresses and keeps their text", () => {
    for (const href of [
      "javascript:alert(1)",
      "JaVa\tScRiPt:alert(1)",
      "vbscript:x",
      "data:text/html,x",
      "/relative",
      "&#106;avascript:alert(1)",
      "javascript&colon;alert(1)",
    ]) {
      const html = render(`[click](${href})`);
      expect(html, href).not.toContain("<a ");
      expect(html, href).toContain("click");
    }
  });

  it("does not load remote images before the user asks, and shows their address", () => {
    const html = render("![cat](https://img.example.com/cat.png)");
    expect(html).not.toContain("<img");
    expect(html).toContain("https://img.example.com/cat.png");
    expect(html).toContain("Load image");
  });

  it("never offers to load images with other schemes", () => {
    const html = render("![x](data:image/svg+xml;base64,PHN2Zz4=) ![y](javascript:alert(1))");
    expect(html).not.toContain("<img");
    expect(html).not.toContain("Load image");
  });

  it("renders code blocks with their language and a Copy button before highlighting loads", () => {
    const html = render("```js\nif (a < b) {}\n```");
    expect(html).toContain('<span class="md-code-lang">js</span>');
    expect(html).toContain("Copy code");
    expect(html).toContain('<pre><code data-highlight="pending">if (a &lt; b) {}</code></pre>');
  });

  it("resolves common named character references in text but not in code", () => {
    const html = render("Tom &amp; Jerry &copy; `&amp;`");
    expect(html).toContain("Tom &amp; Jerry ©");
    expect(html).toContain("<code>&amp;amp;</code>");
  });

  it("shows a message nested too deeply as plain text with a notice", () => {
    const text = `${"> ".repeat(MAX_NESTING + 5)}deep`;
    const html = render(text);
    expect(html).toContain("nested too deeply");
    expect(html).not.toContain("<blockquote>");
  });

  it("shows deeply indented lists as plain text instead of stalling the parser", () => {
    const text = Array.from({ length: 200 }, (_, i) => `${" ".repeat(i * 2)}- x`).join("\n");
    expect(text.length).toBeLessThan(MARKDOWN_MAX_CHARS);
    expect(render(text)).toContain("nested too deeply");
  });

  it("shows a long message as plain text and cuts a huge one with the counts", () => {
    expect(render("*a* ".repeat(MARKDOWN_MAX_CHARS / 3))).toContain("shown as plain text");
    const huge = render("x".repeat(400_000));
    expect(huge).toContain("Truncated: showing the first 300,000 of 400,000 characters.");
  });

  it("shows runs of emphasis delimiters that make the parser quadratic as plain text", () => {
    expect(render("_a".repeat(5000))).toContain("too much formatting");
  });

  it("stays inert for headings, quotes and nested lists", () => {
    const html = render("# Title\n\n> quote\n\n1. one\n   - two\n\n---");
    expect(html).toContain('<h3 class="md-h1">Title</h3>');
    expect(html).toContain("<blockquote>");
    expect(html).toContain("<ol>");
    expect(auditMarkup(html)).toEqual([]);
  });
});

describe("Markdown and issue 11", () => {
  it("shows a table of 14,700 columns as plain text with a notice (it froze the tab for seconds)", () => {
    const html = render(`|${"a|".repeat(14_700)}\n|${"-|".repeat(14_700)}`);
    expect(html).not.toContain("<table>");
    expect(html).toContain("table too large to show as a table");
  });

  it("shows a table of 7,400 rows as plain text with a notice", () => {
    const html = render(`| n |\n|---|\n${"| 1 |\n".repeat(7_400)}`);
    expect(html).not.toContain("<table>");
    expect(html).toContain("table too large to show as a table");
  });
});

describe("math and diagrams before their renderers load", () => {
  it("shows a formula's TeX as code until KaTeX is loaded", () => {
    const html = render("Energy $E=mc^2$.\n\n$$\n\\int_0^1 x\\,dx\n$$");
    expect(html).toContain('<code class="md-math-source">E=mc^2</code>');
    expect(html).toContain('<pre class="md-math-source"><code>\\int_0^1 x\\,dx</code></pre>');
    expect(html).not.toContain("$E=mc^2$");
  });

  it("shows a mermaid block as its code until it is drawn", () => {
    const html = render("```mermaid\ngraph TD; A-->B\n```");
    expect(html).toContain("graph TD; A--&gt;B");
    expect(html).not.toContain("<img");
  });
});
