import { useState } from "react";
import type { Message } from "../../core/message.ts";
import { useT } from "../i18n/use-t.ts";
import { Markdown } from "../markdown/lazy-markdown.tsx";
import { RenderBoundary } from "../markdown/render-boundary.tsx";

/**
 * A summary the model wrote of older messages, folded: "Summary of 8 earlier messages", opened
 * on a click. It is model output, so once opened it is rendered by the answers' safe Markdown.
 */
export function SummaryItem({ message }: { message: Message }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <article className="message summary" data-role="system" data-status="complete">
      <details className="summary-fold" onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary className="summary-title">
          {t("context.summary", { count: message.summary?.covers ?? 0 })}
        </summary>
        {open ? (
          <>
            <p className="muted">{t("context.summaryDetail")}</p>
            <div className="content md-content">
              <RenderBoundary fallback={<div>{message.content}</div>} resetKey={message.content}>
                <Markdown text={message.content} settled />
              </RenderBoundary>
            </div>
          </>
        ) : null}
      </details>
    </article>
  );
}
