import { Wrench } from "lucide-react";
import { memo } from "react";
import { useT } from "../i18n/use-t.ts";
import { statusOf } from "./display-rows.ts";
import { formatDuration } from "./format.ts";
import { type ToolGroup, toolCounts } from "./tool-groups.ts";
import { ToolStepCard } from "./tool-step-card.tsx";

/**
 * The tool steps of one answer as one line ("Used calculator ×2") that expands to each call with
 * its arguments, result and time. Each result stays an `article` with `data-role="tool"`.
 */
function ToolGroupViewImpl({ group }: { group: ToolGroup }) {
  const t = useT();
  const running = group.steps.some((s) => s.result === undefined);
  const failed = group.steps.some((s) => s.result?.isError === true);
  const tools = toolCounts(group)
    .map(({ name, count }) => (count > 1 ? t("toolTimes", { name, n: count }) : name))
    .join(", ");
  const totalMs = group.steps.reduce((ms, s) => ms + (s.result?.timing?.totalMs ?? 0), 0);
  return (
    <details className="tool-group" data-error={failed ? "true" : undefined}>
      <summary>
        <Wrench aria-hidden="true" size={14} strokeWidth={1.75} />
        <span>{t(running ? "toolsUsing" : "toolsUsed", { tools })}</span>
        {failed ? <span className="tool-state error">{t("toolFailed")}</span> : null}
        {!running && totalMs > 0 ? <span className="muted">{formatDuration(totalMs)}</span> : null}
      </summary>
      <div className="tool-group-steps">
        {group.steps.map(({ call, result }) =>
          result ? (
            <article
              key={call.id}
              className="message tool"
              data-role="tool"
              data-status={statusOf(result)}
            >
              <ToolStepCard call={call} result={result} open />
            </article>
          ) : (
            <ToolStepCard key={call.id} call={call} result={undefined} open />
          ),
        )}
      </div>
    </details>
  );
}

/** A group re-renders only when its steps change. */
export const ToolGroupView = memo(ToolGroupViewImpl, (a, b) => sameSteps(a.group, b.group));

function sameSteps(a: ToolGroup, b: ToolGroup): boolean {
  return (
    a.steps.length === b.steps.length &&
    a.steps.every((s, i) => s.call === b.steps[i]?.call && s.result === b.steps[i]?.result)
  );
}
