import katex from "katex";

/**
 * A formula as MathML (no HTML layout, so no KaTeX stylesheet or fonts): `trust: false` refuses
 * `\href`, `\url`, `\includegraphics` and `\htmlClass`; a formula KaTeX cannot read comes back
 * as its source in a `katex-error` span instead of throwing. Sizes and macro expansion are
 * capped, so a hostile formula cannot make a huge element or loop.
 */
export function katexMathML(tex: string, display: boolean): string {
  return katex.renderToString(tex, {
    output: "mathml",
    displayMode: display,
    throwOnError: false,
    trust: false,
    strict: "ignore",
    maxSize: 20,
    maxExpand: 500,
  });
}
