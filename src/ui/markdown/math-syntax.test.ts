import type { Token, Tokens } from "marked";
import { describe, expect, it } from "vitest";
import type { MathToken } from "./math-syntax.ts";
import { parseMarkdown } from "./parse.ts";

const inline = (text: string) => {
  const [first] = parseMarkdown(text) ?? [];
  return (first as Tokens.Paragraph).tokens.map((t: Token) =>
    t.type === "math" ? `math:${(t as MathToken).text}` : `${t.type}:${t.raw}`,
  );
};

describe("math in Markdown", () => {
  it("reads $…$ and \\(…\\) in a line as inline formulas", () => {
    expect(inline("Energy $E=mc^2$ here")).toEqual(["text:Energy ", "math:E=mc^2", "text: here"]);
    expect(inline("a \\(x^2\\) b")).toEqual(["text:a ", "math:x^2", "text: b"]);
  });

  it("leaves prices, code spans and spaced dollars as text", () => {
    expect(inline("it costs $5 and $10")).toEqual(["text:it costs $5 and $10"]);
    expect(inline("`$x$` stays code")).toEqual(["codespan:`$x$`", "text: stays code"]);
    expect(inline("a $ b $ c")).toEqual(["text:a $ b $ c"]);
  });

  it("reads $$…$$ and \\[…\\] on lines of their own as display formulas", () => {
    const tokens = parseMarkdown("$$\n\\int_0^1 x\\,dx\n$$\n\nnext\n\n\\[a+b\\]") ?? [];
    const math = tokens.filter((t) => t.type === "math") as unknown as MathToken[];
    expect(math.map((t) => [t.text, t.display])).toEqual([
      ["\\int_0^1 x\\,dx", true],
      ["a+b", true],
    ]);
    expect(tokens.map((t) => t.raw).join("")).toBe("$$\n\\int_0^1 x\\,dx\n$$\n\nnext\n\n\\[a+b\\]");
  });

  it("keeps a formula inside fenced code as code", () => {
    const [code] = parseMarkdown("```\n$$x$$\n```") ?? [];
    expect(code?.type).toBe("code");
  });
});
