import type { Message, ToolCall } from "../../core/message.ts";
import { useT } from "../i18n/use-t.ts";
import { formatDuration, prettyJson } from "./format.ts";

interface ToolStepCardProps {
  call: ToolCall;
  /** The tool message answering the call; absent while the tool runs. */
  result: Pick<Message, "content" | "isError" | "timing"> | undefined;
  /** Duration known from the live run, when the stored message has none. */
  durationMs?: number | undefined;
}

/** One tool call and its result, collapsed to a summary line by default. */
export function ToolStepCard({ call, result, durationMs }: ToolStepCardProps) {
  const t = useT();
  const failed = result?.isError === true;
  const duration = result?.timing?.totalMs ?? durationMs;
  const state = result === undefined ? t("toolRunning") : failed ? t("toolFailed") : t("toolDone");
  return (
    <details className="tool-step" data-error={failed ? "true" : undefined}>
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
          <pre>{prettyJson(call.arguments)}</pre>
        </dd>
        <dt>{t("toolResult")}</dt>
        <dd>
          {result === undefined ? (
            <span className="muted">{t("toolRunning")}</span>
          ) : (
            <pre>{prettyJson(result.content)}</pre>
          )}
        </dd>
      </dl>
    </details>
  );
}
