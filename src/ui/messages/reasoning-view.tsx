import { useState } from "react";
import { useT } from "../i18n/use-t.ts";
import { Markdown } from "../markdown/lazy-markdown.tsx";
import { RenderBoundary } from "../markdown/render-boundary.tsx";

interface ReasoningViewProps {
  text: string;
  /** How long the model thought; absent while it streams, or when it was not measured. */
  durationMs?: number | undefined;
  streaming?: boolean;
}

/** Whole seconds, at least 1: "Thought for 0 s" would read as no thinking at all. */
export function thoughtSeconds(ms: number): number {
  return Math.max(1, Math.round(ms / 1000));
}

/**
 * What the model thought before its answer, folded: "Thought for 12 s", opened on a click. It is
 * rendered (only once opened) by the same Markdown as an answer, with the same safety: no raw
 * HTML, no script links.
 */
export function ReasoningView({ text, durationMs, streaming = false }: ReasoningViewProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const summary = streaming
    ? t("params.thinking")
    : durationMs === undefined
      ? t("params.thought")
      : t("params.thoughtFor", { n: thoughtSeconds(durationMs) });
  return (
    <details className="reasoning" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="reasoning-summary">{summary}</summary>
      {open ? (
        <div className="reasoning-body md-content">
          <RenderBoundary fallback={<div>{text}</div>} resetKey={text}>
            <Markdown text={text} settled={!streaming} />
          </RenderBoundary>
        </div>
      ) : null}
    </details>
  );
}
