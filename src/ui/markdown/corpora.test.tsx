import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { loadCorpora } from "../../test/corpora.ts";
import { auditMarkup } from "../../test/markup-audit.ts";
import { Markdown } from "./markdown.tsx";

const payloads = loadCorpora();

describe("hostile corpora rendered as Markdown", () => {
  it("has payloads from every corpus file", () => {
    expect(payloads.length).toBeGreaterThan(700);
  });

  it("renders every payload without handlers, styles, script URLs, dangerous elements or remote images", () => {
    const failures: string[] = [];
    for (const payload of payloads) {
      const html = renderToStaticMarkup(<Markdown text={payload.text} />);
      for (const problem of auditMarkup(html)) failures.push(`${payload.name}: ${problem}`);
    }
    expect(failures).toEqual([]);
  });
});

describe("auditMarkup", () => {
  it("finds each kind of problem it is meant to find", () => {
    const found = auditMarkup(
      '<p onclick="x" style="color:red"><a href="javascript:alert(1)">a</a><img src="http://x/y.png"><iframe src="data:text/html,x"></iframe><script>x</script></p>',
    );
    expect(found).toEqual([
      "onclick attribute on <p>",
      "style attribute on <p>",
      'href="javascript:alert(1)" on <a>',
      "link to javascript:alert(1)",
      '<img src="http://x/y.png"> loads without consent',
      "<iframe> element",
      'src="data:text/html,x" on <iframe>',
      "<script> element",
    ]);
  });
});
