import { useEffect, useRef, useState } from "react";
import { renderHighlight } from "./highlighted-code.tsx";
import { highlightNow, loadHighlighter } from "./highlighter.ts";
import { HIGHLIGHT_MAX_CHARS } from "./limits.ts";
import { useMarkdownLabels } from "./markdown-labels.ts";

type CopyState = "idle" | "copied" | "failed";

function CopyButton({ code }: { code: string }) {
  const labels = useMarkdownLabels();
  const [state, setState] = useState<CopyState>("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setState("copied");
    } catch {
      setState("failed");
    }
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState("idle"), 2000);
  };
  return (
    <>
      <button type="button" className="md-copy" onClick={() => void copy()}>
        {state === "copied" ? labels.copied : labels.copy}
      </button>
      <span className="visually-hidden" role="status">
        {state === "copied" ? labels.copied : state === "failed" ? labels.copyFailed : ""}
      </span>
    </>
  );
}

/** A fenced code block: plain at once, highlighted when the lazily loaded highlighter is ready. */
export function CodeBlock({ code, language }: { code: string; language: string }) {
  const labels = useMarkdownLabels();
  const wanted = language !== "" && code.length <= HIGHLIGHT_MAX_CHARS;
  const [, setReady] = useState(0);
  const tree = wanted ? highlightNow(code, language) : null;

  useEffect(() => {
    if (!wanted || tree !== undefined) return;
    let live = true;
    loadHighlighter().then(
      () => live && setReady((n) => n + 1),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [wanted, tree]);

  return (
    <div className="md-code">
      <div className="md-code-bar">
        <span className="md-code-lang">{language || labels.code}</span>
        <CopyButton code={code} />
      </div>
      <pre>
        <code className={tree ? "hljs" : undefined}>{tree ? renderHighlight(tree) : code}</code>
      </pre>
    </div>
  );
}
