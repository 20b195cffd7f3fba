import { memo } from "react";
import { useAppStore } from "../../store/react.tsx";
import { agentDisplayName } from "../agents/agent-words.ts";
import { useT } from "../i18n/use-t.ts";
import { Markdown } from "../markdown/lazy-markdown.tsx";
import { RenderBoundary } from "../markdown/render-boundary.tsx";
import { ReasoningView } from "./reasoning-view.tsx";
import { RunActivityNote } from "./run-activity.tsx";

/**
 * The answer being written in `sessionId`. Its text reaches the store at a steady cadence
 * (`REVEAL_MS` in `services/runs/run-events.ts`), so each change is rendered as it comes. A
 * continued answer shows what the run does before its new text (a summary being made) below it.
 * Memoised: the list renders again each time its virtualiser measures this growing row or
 * scrolls to the end, and this row needs to render only when its own text changes.
 */
export const StreamingItem = memo(function StreamingItem({
  sessionId,
  agent,
}: {
  sessionId: string;
  agent: string;
}) {
  const t = useT();
  const shown = useAppStore((s) => s.runs[sessionId]?.streaming?.text ?? "");
  const reasoning = useAppStore((s) => s.runs[sessionId]?.streaming?.reasoning ?? "");
  const activity = useAppStore((s) => s.runs[sessionId]?.activity ?? null);
  return (
    <article
      className="message assistant"
      data-role="assistant"
      data-status="streaming"
      aria-busy="true"
    >
      <header className="message-meta">
        <span className="who">{agent ? agentDisplayName(agent, t) : t("assistant")}</span>
      </header>
      {reasoning !== "" ? <ReasoningView text={reasoning} streaming={shown === ""} /> : null}
      <div className="content md-content">
        <RenderBoundary fallback={<div className="content">{shown}</div>} resetKey={shown}>
          <Markdown text={shown} />
        </RenderBoundary>
      </div>
      {activity ? <RunActivityNote activity={activity} /> : null}
    </article>
  );
});
