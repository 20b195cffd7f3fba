import { useMemo, useState } from "react";
import type { Message, ToolCall } from "../../core/message.ts";
import { useLocale, useT } from "../i18n/use-t.ts";
import { formatDuration } from "./format.ts";
import { TOOL_SHOWN_CHARS, toolContent } from "./tool-content.ts";

interface ToolStepCardProps {
  call: ToolCall;
  /** The tool message answering the call; absent while the tool runs. */
  result: Pick<Message, "content" | "isError" | "timing"> | undefined;
  /** Duration known from the live run, when the stored message has none. */
  durationMs?: number | undefined;
  /** Shown opened, inside a group the reader has just expanded. */
  open?: boolean;
}

/** Arguments or a result, cut to a few thousand characters until the user asks for all of it. */
function ToolText({ raw }: { raw: string }) {
  const t = useT();
  const locale = useLocale();
  const [all, setAll] = useState(false);
  const whole = useMemo(() => toolContent(raw, null).text, [raw]);
  if (whole.length <= TOOL_SHOWN_CHARS) return <pre>{whole}</pre>;
  const size = whole.length.toLocaleString(locale);
  return (
    <>
      <pre>{all ? whole : whole.slice(0, TOOL_SHOWN_CHARS)}</pre>
      {all ? null : (
        <p className="muted">
          {t("toolShownPart", { shown: TOOL_SHOWN_CHARS.toLocaleString(locale), size })}
        </p>
      )}
      <button type="button" aria-expanded={all} onClick={() => setAll((a) => !a)}>
        {all ? t("toolShowLess") : t("toolShowAll", { size })}
      </button>
    </>
  );
}

/** One tool call and its result, collapsed to a summary line by default. */
export function ToolStepCard({ call, result, durationMs, open }: ToolStepCardProps) {
  const t = useT();
  const failed = result?.isError === true;
  const duration = result?.timing?.totalMs ?? durationMs;
  const state = result === undefined ? t("toolRunning") : failed ? t("toolFailed") : t("toolDone");
  return (
    <details className="tool-step" data-error={failed ? "true" : undefined} open={open}>
      <summary>
        <span className="tool-step-label">{t("toolStep")}</span> <code>{call.name}</code>{" "}
        <span className={failed ? "tool-state error" : "tool-state"}>{state}</span>
        {duration !== undefined ? (
          <span className="muted"> · {formatDuration(duration)}</span>
        ) : null}
      </summary>
      <dl>
        <dt>{t("toolArguments")}</dt>
        <dd>
          <ToolText raw={call.arguments} />
        </dd>
        <dt>{t("toolResult")}</dt>
        <dd>
          {result === undefined ? (
            <span className="muted">{t("toolRunning")}</span>
          ) : (
            <ToolText raw={result.content} />
          )}
        </dd>
      </dl>
    </details>
  );
}
