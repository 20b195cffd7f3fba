import { memo, useMemo } from "react";
import { type PlainReason, planRender } from "./limits.ts";
import { type MarkdownLabels, useMarkdownLabels } from "./markdown-labels.ts";
import { parseMarkdown } from "./parse.ts";
import { renderBlocks } from "./render-blocks.tsx";

const REASON_LABEL: Record<PlainReason, keyof MarkdownLabels> = {
  size: "plainSize",
  nesting: "plainNesting",
  delimiters: "plainDelimiters",
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
 */
function MarkdownImpl({ text }: { text: string }) {
  const view = useMemo(() => {
    const plan = planRender(text);
    if (plan.mode === "plain") return plan;
    const tokens = parseMarkdown(plan.text);
    if (!tokens) return { mode: "plain" as const, text, reason: "parser" as const };
    return { mode: "markdown" as const, tokens };
  }, [text]);

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
