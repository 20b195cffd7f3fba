import DOMPurify from "dompurify";
import { katexMathML } from "./katex-mathml.ts";

/**
 * KaTeX's MathML with nothing but MathML elements, KaTeX's wrapping spans and their classes:
 * no `style` (KaTeX colours an error inline), no link, no event attribute, whatever the formula.
 */
export function mathMarkup(tex: string, display: boolean): string {
  return DOMPurify.sanitize(katexMathML(tex, display), {
    USE_PROFILES: { mathMl: true },
    ADD_TAGS: ["span", "semantics", "annotation"],
    ADD_ATTR: ["class", "encoding"],
    FORBID_ATTR: ["style", "href", "xlink:href"],
  });
}
