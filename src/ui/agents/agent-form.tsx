import { useId, useState } from "react";
import type { AgentConfig } from "../../core/agent-types.ts";
import type { SettingField } from "../../core/conversation-settings.ts";
import { builtinToolCatalog } from "../../core/tools/builtin-catalog.ts";
import { type AgentProblem, MAX_AGENT_STEPS } from "../../services/agents/agent-rules.ts";
import { FormActions } from "../form-actions.tsx";
import type { SectionKey } from "../i18n/sections.ts";
import { useSectionT } from "../i18n/use-section-t.ts";
import { draftOf, type ParamProblem, readDraft } from "../params/param-draft.ts";
import { ParamFields } from "../params/param-fields.tsx";

const PROBLEM_TEXT: Record<
  Exclude<AgentProblem["code"], "paramRange">,
  SectionKey<"dialogWords">
> = {
  nameEmpty: "agentNameEmpty",
  nameTaken: "agentNameTaken",
  nameTooLong: "agentNameTooLong",
  stepsRange: "agentStepsRange",
  unknownTool: "agentUnknownTool",
};

interface AgentFormProps {
  initial: AgentConfig;
  builtin: boolean;
  models: string[];
  onSave: (agent: AgentConfig) => Promise<AgentProblem | null>;
  onCancel: () => void;
}

/** Name, instructions, model, tools and step limit of one agent; problems are shown by their field. */
export function AgentForm({ initial, builtin, models, onSave, onCancel }: AgentFormProps) {
  const t = useSectionT("dialogWords");
  const id = useId();
  const [draft, setDraft] = useState(initial);
  const [steps, setSteps] = useState(String(initial.maxSteps));
  const [params, setParams] = useState(() => draftOf(initial));
  const [problem, setProblem] = useState<AgentProblem | null>(null);
  const [paramProblem, setParamProblem] = useState<ParamProblem | null>(null);
  if (!t) return null;
  const errorId = `${id}-error`;
  const invalid = (field: AgentProblem["field"]) => (problem?.field === field ? true : undefined);
  const describedBy = (field: AgentProblem["field"]) =>
    problem?.field === field ? errorId : undefined;

  const submit = async () => {
    const read = readDraft(params);
    setParamProblem(read.ok ? null : read.error);
    if (!read.ok) return setProblem(null);
    const maxSteps = Number(steps);
    const { temperature: _t, topP: _p, maxTokens: _m, reasoningEffort: _r, ...rest } = draft;
    const found = await onSave({
      ...rest,
      ...read.value,
      maxSteps: Number.isFinite(maxSteps) ? maxSteps : 0,
    });
    if (found?.code === "paramRange")
      return setParamProblem({ code: "out_of_range", field: found.field as SettingField });
    setProblem(found);
  };

  const toggleTool = (name: string, on: boolean) =>
    setDraft((d) => ({ ...d, tools: on ? [...d.tools, name] : d.tools.filter((n) => n !== name) }));

  return (
    <form
      className="agent-form"
      noValidate
      aria-label={t("agentEditTitle", { name: initial.name || t("agentNew") })}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <label>
        {t("agentName")}
        <input
          value={draft.name}
          readOnly={builtin}
          aria-invalid={invalid("name")}
          aria-describedby={describedBy("name")}
          onChange={(e) => setDraft({ ...draft, name: e.target.value })}
        />
      </label>
      {builtin ? <p className="muted">{t("agentBuiltinNote")}</p> : null}
      <label>
        {t("agentInstructions")}
        <textarea
          rows={5}
          value={draft.instructions}
          onChange={(e) => setDraft({ ...draft, instructions: e.target.value })}
        />
      </label>
      <label>
        {t("agentModel")}
        <select value={draft.model} onChange={(e) => setDraft({ ...draft, model: e.target.value })}>
          <option value="">{t("agentModelPicked")}</option>
          {[...new Set([...models, ...(draft.model ? [draft.model] : [])])].map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
      </label>
      <fieldset aria-invalid={invalid("tools")} aria-describedby={describedBy("tools")}>
        <legend>{t("agentTools")}</legend>
        {builtinToolCatalog.names().map((name) => (
          <label key={name} className="check">
            <input
              type="checkbox"
              checked={draft.tools.includes(name)}
              onChange={(e) => toggleTool(name, e.target.checked)}
            />
            <code>{name}</code>
          </label>
        ))}
      </fieldset>
      <label>
        {t("agentSteps")}
        <input
          type="number"
          min={1}
          max={MAX_AGENT_STEPS}
          value={steps}
          aria-invalid={invalid("maxSteps")}
          aria-describedby={describedBy("maxSteps")}
          onChange={(e) => setSteps(e.target.value)}
        />
      </label>
      <ParamFields draft={params} onChange={setParams} problem={paramProblem} reasoning />
      {problem && problem.code !== "paramRange" ? (
        <p id={errorId} role="alert" className="field-error">
          {t(PROBLEM_TEXT[problem.code], { max: MAX_AGENT_STEPS })}
        </p>
      ) : null}
      <FormActions
        submitLabel={t("agentSave")}
        cancelLabel={t("agentCancel")}
        onCancel={onCancel}
      />
    </form>
  );
}
