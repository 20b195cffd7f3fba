import { Bot, ChevronDown } from "lucide-react";
import { useCallback, useRef, useState } from "react";
import { resolvePipeline } from "../../services/runs/pipeline.ts";
import { useAppStore } from "../../store/react.tsx";
import { useT } from "../i18n/use-t.ts";
import { useDismiss } from "../popover/use-dismiss.ts";
import { useServices } from "../use-services.tsx";
import { agentDisplayName } from "./agent-words.ts";

const EMPTY: unknown[] = [];

/** The agent a conversation uses, or a pipeline of several run in order on each message. */
export function PipelineEditor({ sessionId }: { sessionId: string }) {
  const t = useT();
  const agents = useAppStore((s) => s.agents);
  const defaultAgent = useAppStore((s) => s.settings.agent);
  const stored = useAppStore((s) => s.bodies[sessionId]?.metadata.pipeline ?? EMPTY);
  const { edits } = useServices();
  const [open, setOpen] = useState(false);
  const boxRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  useDismiss(
    open,
    useCallback(() => setOpen(false), []),
    boxRef,
    buttonRef,
  );
  const stages = resolvePipeline(stored, agents, defaultAgent).map((a) => a.name);
  const update = (next: string[]) => void edits.setPipeline(sessionId, next);
  const names = stages.map((name) => agentDisplayName(name, t)).join(" → ");
  const label = `${t("agentLabel")}: ${names}`;

  return (
    <div className={open ? "pipeline open" : "pipeline"} ref={boxRef}>
      {/* The names alone show, cut short on a narrow header; the whole label is the button's name. */}
      <button
        ref={buttonRef}
        type="button"
        className="pipeline-toggle"
        aria-label={label}
        title={label}
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        <Bot aria-hidden="true" size={16} strokeWidth={1.75} />
        <span className="pipeline-names">{names}</span>
        <ChevronDown aria-hidden="true" size={14} strokeWidth={1.75} />
      </button>
      {open ? (
        <fieldset className="pipeline-stages">
          <legend>{t("pipelineLegend")}</legend>
          <ol>
            {stages.map((name, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a stage is its place in the pipeline
              <li key={i}>
                <select
                  aria-label={t("pipelineStage", { n: i + 1 })}
                  value={name}
                  onChange={(e) => update(stages.map((s, j) => (j === i ? e.target.value : s)))}
                >
                  {agents.map((a) => (
                    <option key={a.name} value={a.name}>
                      {agentDisplayName(a.name, t)}
                    </option>
                  ))}
                </select>
                {stages.length > 1 ? (
                  <button
                    type="button"
                    aria-label={t("pipelineRemove", { n: i + 1 })}
                    onClick={() => update(stages.filter((_, j) => j !== i))}
                  >
                    ×
                  </button>
                ) : null}
              </li>
            ))}
          </ol>
          <button
            type="button"
            onClick={() =>
              update([
                ...stages,
                agents.find((a) => !stages.includes(a.name))?.name ?? stages[0] ?? "",
              ])
            }
          >
            {t("pipelineAdd")}
          </button>
        </fieldset>
      ) : null}
    </div>
  );
}
