import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { encodeHighlight, type HighlightSpans } from "./highlight-tree.ts";
import { type CodeChunk, renderChunks } from "./highlighted-code.tsx";
import { highlight } from "./lowlight-setup.ts";

const markupOf = (chunk: CodeChunk) => renderToStaticMarkup(<code>{chunk.nodes}</code>);

function chunked(code: string, language: string, chunkOps?: number): CodeChunk[] {
  const tree = highlight(code, language);
  if (!tree) throw new Error(`${language} is registered`);
  const chunks = renderChunks(code, encodeHighlight(tree), chunkOps);
  if (!chunks) throw new Error("the spans did not describe the code");
  return chunks;
}

const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, "")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&amp;", "&");

describe("highlighted code from the worker's spans", () => {
  it("keeps the code's text exactly and nests spans as highlight.js does", () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: TypeScript source with a template literal
    const code = 'const greet = (name: string) => `hi ${name}`; // "<b>"\nif (a < b) {}';
    const [chunk, ...rest] = chunked(code, "typescript");
    if (!chunk) throw new Error("no chunk");
    expect(rest).toEqual([]);
    expect(chunk.text).toBe(code);
    const html = markupOf(chunk);
    expect(textOf(html)).toBe(code);
    expect(html).toContain(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the same, highlighted
      '<span class="hljs-string">`hi <span class="hljs-subst">${name}</span>`</span>',
    );
    expect(html).toContain('<span class="hljs-comment">// &quot;&lt;b&gt;&quot;</span>');
  });

  it("cuts a long block at line ends, closing a span at the cut and opening it again after", () => {
    const code = `${"let x = 1;\n".repeat(20)}/* one\ncomment\nover lines */\n${"x = 2;\n".repeat(20)}`;
    const chunks = chunked(code, "js", 10);
    expect(chunks.length).toBeGreaterThan(3);
    expect(chunks.map((c) => c.text).join("")).toBe(code);
    for (const chunk of chunks) {
      expect(chunk.text.endsWith("\n")).toBe(true);
      expect(textOf(markupOf(chunk))).toBe(chunk.text);
    }
    const comment = chunks.filter((c) => c.text.includes("comment") || c.text.includes("lines */"));
    for (const chunk of comment) expect(markupOf(chunk)).toContain('class="hljs-comment"');
  });

  it("cuts a long line too, where it has no line end to cut at", () => {
    const code = "1 ".repeat(100);
    const chunks = chunked(code, "js", 10);
    expect(chunks.length).toBeGreaterThan(5);
    expect(chunks.map((c) => c.text).join("")).toBe(code);
    for (const chunk of chunks) expect(textOf(markupOf(chunk))).toBe(chunk.text);
  });

  it("keeps only hljs-* classes", () => {
    const spans = encodeHighlight([
      {
        type: "element",
        tagName: "span",
        properties: { className: ["hljs-keyword", "x onclick=alert(1)", 3] },
        children: [{ type: "text", value: "if" }],
      },
    ]);
    const [chunk] = renderChunks("if", spans) ?? [];
    expect(chunk && markupOf(chunk)).toBe('<code><span class="hljs-keyword">if</span></code>');
    const [evil] =
      renderChunks("if", { classes: ["evil"], ops: Int32Array.from([-2, 2, -1]) }) ?? [];
    expect(evil && markupOf(evil)).toBe("<code><span>if</span></code>");
  });

  it("gives up, so the block shows plain, when the spans do not describe its text", () => {
    const spans = (...ops: number[]): HighlightSpans => ({
      classes: ["hljs-keyword"],
      ops: Int32Array.from(ops),
    });
    expect(renderChunks("abc", spans(5))).toBeNull();
    expect(renderChunks("abc", spans(2))).toBeNull();
    expect(renderChunks("abc", spans(-2, 3))).toBeNull();
    expect(renderChunks("abc", spans(3, -1))).toBeNull();
    expect(renderChunks("abc", spans(-3, 3, -1))).toBeNull();
    expect(renderChunks("abc", spans(-2, 3, -1))).not.toBeNull();
  });
});
