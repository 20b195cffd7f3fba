import { memo } from "react";
import { lazyModule, useLazyModule } from "./lazy-module.ts";

const renderer = lazyModule(() => import("./math-renderer.ts"));

/**
 * A formula: its TeX source as code until KaTeX is loaded (the first answer with math loads
 * it), then MathML built by KaTeX and sanitised (`math-renderer.ts`), never the answer's text.
 */
function MathFormulaImpl({ tex, display }: { tex: string; display: boolean }) {
  const module = useLazyModule(renderer);
  if (!module) {
    return display ? (
      <pre className="md-math-source">
        <code>{tex}</code>
      </pre>
    ) : (
      <code className="md-math-source">{tex}</code>
    );
  }
  const Tag = display ? "div" : "span";
  return (
    <Tag
      className={display ? "md-math md-math-display" : "md-math"}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: KaTeX's MathML, sanitised to MathML elements only
      dangerouslySetInnerHTML={{ __html: module.mathMarkup(tex, display) }}
    />
  );
}

export const MathFormula = memo(MathFormulaImpl);
