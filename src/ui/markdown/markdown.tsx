import { memo, useMemo } from "react";
import type { PlainReason } from "./limits.ts";
import { type MarkdownLabels, useMarkdownLabels } from "./markdown-labels.ts";
import { cachedMarkdownView, markdownView } from "./markdown-view.ts";
import { renderBlocks } from "./render-blocks.tsx";

const REASON_LABEL: Record<PlainReason, keyof MarkdownLabels> = {
  size: "plainSize",
  nesting: "plainNesting",
  delimiters: "plainDelimiters",
  table: "plainTable",
  parser: "plainParser",
};

function PlainText({
  text,
  reason,
  truncatedFrom,
}: {
  text: string;
  reason: PlainReason;
  truncatedFrom?: number | undefined;
}) {
  const labels = useMarkdownLabels();
  return (
    <div className="md md-plain">
      <p className="md-notice">
        {labels[REASON_LABEL[reason]]}{" "}
        {truncatedFrom !== undefined
          ? labels.truncated
              .replace("{shown}", text.length.toLocaleString())
              .replace("{total}", truncatedFrom.toLocaleString())
          : null}
      </p>
      <div className="md-plain-text">{text}</div>
    </div>
  );
}

/**
 * Untrusted model output as Markdown (GFM), rendered to React elements only: raw HTML is shown
 * as text, links are limited to http, https and mailto, remote images wait for the user.
 * `settled`: the text will not change (a finished message), so its parse is cached and shared.
 */
function MarkdownImpl({ text, settled = false }: { text: string; settled?: boolean }) {
  const view = useMemo(
    () => (settled ? cachedMarkdownView(text) : markdownView(text)),
    [text, settled],
  );

  if (view.mode === "plain") {
    return (
      <PlainText
        text={view.text}
        reason={view.reason}
        truncatedFrom={"truncatedFrom" in view ? view.truncatedFrom : undefined}
      />
    );
  }
  return <div className="md">{renderBlocks(view.tokens)}</div>;
}

export const Markdown = memo(MarkdownImpl);
