import { describe, expect, it } from "vitest";
import { katexMathML } from "./katex-mathml.ts";

describe("formulas as MathML", () => {
  it("renders TeX as MathML only, with its source as the annotation", () => {
    const markup = katexMathML("E=mc^2", false);
    expect(markup).toContain("<math");
    expect(markup).toContain("<msup>");
    expect(markup).toContain('<annotation encoding="application/x-tex">E=mc^2</annotation>');
    expect(markup).not.toContain("katex-html");
  });

  it("marks a display formula as a block", () => {
    expect(katexMathML("\\sum_{i=1}^n i", true)).toContain('display="block"');
  });

  it("shows a formula it cannot read as its source instead of throwing", () => {
    const markup = katexMathML("\\frac{1}{", false);
    expect(markup).toContain("katex-error");
    expect(markup).toContain("\\frac{1}{");
  });

  it("makes no link, class or HTML from commands that would (trust is off)", () => {
    for (const tex of [
      "\\href{javascript:alert(1)}{x}",
      "\\url{https://example.com}",
      "\\htmlClass{evil}{x}",
      "\\includegraphics{https://example.com/a.png}",
    ]) {
      const markup = katexMathML(tex, false);
      expect(markup).not.toMatch(/href=|<a |<img|class="evil"/);
    }
  });
});
