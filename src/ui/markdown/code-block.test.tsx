import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ScrollActivity } from "../virtual/scroll-activity.ts";
import { CodeBlock } from "./code-block.tsx";
import { HighlightClient, type Highlighted } from "./highlight-client.ts";
import { encodeHighlight } from "./highlight-tree.ts";
import { HighlighterContext } from "./highlighter.ts";
import { HIGHLIGHT_MAX_CHARS } from "./limits.ts";
import { highlight } from "./lowlight-setup.ts";

/** The worker's work done in this process, answering a task later as a worker would. */
const highlighter = new HighlightClient({
  budgetMs: 1000,
  createWorker: (events) => {
    queueMicrotask(() => events.reply({ type: "ready" }));
    return {
      post: (job) => {
        const tree = highlight(job.code, job.language);
        const spans = tree ? encodeHighlight(tree) : null;
        setTimeout(() => events.reply({ type: "done", id: job.id, spans }));
      },
      terminate: () => undefined,
    };
  },
});

const highlighted = (code: string, language: string) =>
  new Promise<Highlighted>((resolve) => highlighter.request(code, language, resolve));

const render = (code: string, scrolling: boolean, language = "js") =>
  renderToStaticMarkup(
    <HighlighterContext.Provider value={highlighter}>
      <ScrollActivity.Provider value={scrolling}>
        <CodeBlock code={code} language={language} />
      </ScrollActivity.Provider>
    </HighlighterContext.Provider>,
  );

describe("CodeBlock", () => {
  it("shows a block plain and pending until the worker has highlighted it", () => {
    expect(render("let waiting = 1;", false)).toContain(
      '<pre><code data-highlight="pending">let waiting = 1;</code></pre>',
    );
  });

  it("shows a block the worker highlighted before at once, as when its row comes back into view", async () => {
    await highlighted("const seen = 2;", "js");
    const html = render("const seen = 2;", true);
    expect(html).toContain('<code class="hljs" data-highlight="highlighted">');
    expect(html).toContain(
      '<span class="hljs-keyword">const</span> seen = <span class="hljs-number">2</span>;',
    );
  });

  it("shows highlighted blocks at once only up to one task's allowance; the others wait for their turn", async () => {
    const blocks = ["1 ", "2 ", "3 "].map((n) => n.repeat(300));
    for (const code of blocks) await highlighted(code, "js");
    const html = renderToStaticMarkup(
      <HighlighterContext.Provider value={highlighter}>
        {blocks.map((code) => (
          <CodeBlock key={code} code={code} language="js" />
        ))}
      </HighlighterContext.Provider>,
    );
    expect(html.match(/data-highlight="highlighted"/g)).toHaveLength(1);
    expect(html.match(/data-highlight="pending"/g)).toHaveLength(2);
  });

  it("keeps a block plain when highlight.js does not know its language", async () => {
    expect(await highlighted("just words", "klingon")).toBeNull();
    expect(render("just words", false, "klingon")).toContain(
      '<code data-highlight="plain">just words</code>',
    );
  });

  it("keeps a block without a language, or over the limit, plain without asking", () => {
    expect(render("plain", false, "")).toContain('<code data-highlight="plain">plain</code>');
    const big = "x".repeat(HIGHLIGHT_MAX_CHARS + 1);
    expect(render(big, false)).toContain(`<code data-highlight="plain">${big}</code>`);
  });
});

describe("CodeBlock and issue 11", () => {
  it("does not highlight a typescript fence of a × 29,990 while rendering (it froze the tab for seconds)", () => {
    const code = "a".repeat(29_990);
    const html = render(code, false, "typescript");
    expect(html).not.toContain('class="hljs"');
    expect(html).toContain(code);
  });
});
