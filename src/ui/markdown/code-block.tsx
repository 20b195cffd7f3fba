import { useEffect, useState } from "react";
import { CopyButton } from "../copy-button.tsx";
import { useScrolling } from "../virtual/scroll-activity.ts";
import { renderHighlight } from "./highlighted-code.tsx";
import { highlightNow, loadHighlighter } from "./highlighter.ts";
import { HIGHLIGHT_MAX_CHARS } from "./limits.ts";
import { useMarkdownLabels } from "./markdown-labels.ts";

/**
 * A fenced code block: plain at once, highlighted when the lazily loaded highlighter is ready and
 * the list around it is not being scrolled (a fling mounts many blocks that are gone a frame
 * later; highlighting them, and laying out their many spans, would stall it).
 */
export function CodeBlock({ code, language }: { code: string; language: string }) {
  const labels = useMarkdownLabels();
  const scrolling = useScrolling();
  const wanted = language !== "" && code.length <= HIGHLIGHT_MAX_CHARS;
  const [, setReady] = useState(0);
  const tree = wanted ? highlightNow(code, language, !scrolling) : null;

  useEffect(() => {
    if (!wanted || tree !== undefined || scrolling) return;
    let live = true;
    loadHighlighter().then(
      () => live && setReady((n) => n + 1),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [wanted, tree, scrolling]);

  return (
    <div className="md-code">
      <div className="md-code-bar">
        <span className="md-code-lang">{language || labels.code}</span>
        <CopyButton text={code} words={labels} className="md-copy" />
      </div>
      <pre>
        <code className={tree ? "hljs" : undefined}>{tree ? renderHighlight(tree) : code}</code>
      </pre>
    </div>
  );
}
