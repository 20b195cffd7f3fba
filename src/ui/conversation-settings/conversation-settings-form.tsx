import { useId, useState } from "react";
import type { AgentConfig } from "../../core/agent-types.ts";
import {
  type ConversationSettings,
  OVERFLOWS,
  type Overflow,
  PARAM_LIMITS,
  type SettingField,
} from "../../core/conversation-settings.ts";
import { FormActions } from "../form-actions.tsx";
import { useSectionT } from "../i18n/use-section-t.ts";
import { draftOf, type ParamProblem, readDraft } from "../params/param-draft.ts";
import { ParamFields } from "../params/param-fields.tsx";
import { problemText } from "../params/param-words.ts";

export type SaveOutcome =
  | { ok: true }
  | { ok: false; field: SettingField }
  | { ok: false; gone: true };

interface ConversationSettingsFormProps {
  settings: ConversationSettings | undefined;
  /** The agent that answers first: its instructions and parameters are the defaults. */
  agent: AgentConfig | undefined;
  agentName: string;
  reasoning: boolean;
  onSave: (settings: ConversationSettings) => Promise<SaveOutcome>;
  onCancel: () => void;
}

/** The system prompt and parameters of one conversation; each empty field uses the agent's. */
export function ConversationSettingsForm({
  settings,
  agent,
  agentName,
  reasoning,
  onSave,
  onCancel,
}: ConversationSettingsFormProps) {
  const t = useSectionT("dialogWords");
  const id = useId();
  const [prompt, setPrompt] = useState(settings?.systemPrompt ?? "");
  const [draft, setDraft] = useState(() => draftOf(settings ?? {}));
  const [problem, setProblem] = useState<ParamProblem | null>(null);
  const [overflow, setOverflow] = useState<Overflow>(settings?.overflow ?? "leave_out");
  const [gone, setGone] = useState(false);
  const promptProblem = problem?.field === "systemPrompt";

  const submit = async () => {
    const read = readDraft(draft);
    if (!read.ok) return setProblem(read.error);
    if (prompt.length > PARAM_LIMITS.systemPrompt)
      return setProblem({ code: "out_of_range", field: "systemPrompt" });
    const next: ConversationSettings = {
      ...read.value,
      ...(prompt.trim() !== "" ? { systemPrompt: prompt } : {}),
      ...(overflow !== "leave_out" ? { overflow } : {}),
    };
    const saved = await onSave(next);
    if (saved.ok) return;
    if ("gone" in saved) setGone(true);
    else setProblem({ code: "out_of_range", field: saved.field });
  };

  const instructions = agent?.instructions.trim() ?? "";
  // The dialog loads with its words (chat-header.tsx), so this waits only in tests.
  if (!t) return null;
  return (
    <form
      className="conversation-settings"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <p className="muted">{t("params.intro")}</p>
      <label>
        {t("params.systemPrompt")}
        <textarea
          rows={5}
          value={prompt}
          aria-describedby={`${id}-prompt-help${promptProblem ? ` ${id}-prompt-error` : ""}`}
          aria-invalid={promptProblem ? true : undefined}
          onChange={(e) => setPrompt(e.target.value)}
        />
      </label>
      <p id={`${id}-prompt-help`} className="muted">
        {t("params.systemPromptHelp")}
      </p>
      {promptProblem && problem ? (
        <p id={`${id}-prompt-error`} role="alert" className="field-error">
          {problemText(t, problem)}
        </p>
      ) : null}
      {instructions === "" ? (
        <p className="muted">{t("params.agentNoInstructions", { agent: agentName })}</p>
      ) : (
        <>
          <p className="muted">{t("params.agentInstructions", { agent: agentName })}</p>
          {/* It scrolls when long: a keyboard must reach it (axe: scrollable-region-focusable). */}
          <blockquote
            className={prompt.trim() !== "" ? "replaced" : undefined}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes focus so keys scroll it
            tabIndex={0}
          >
            {instructions}
          </blockquote>
        </>
      )}
      <ParamFields
        draft={draft}
        onChange={(next) => {
          setDraft(next);
          setProblem(null);
        }}
        problem={promptProblem ? null : problem}
        defaults={agent ?? {}}
        reasoning={reasoning}
      />
      <fieldset className="overflow-choice" aria-describedby={`${id}-overflow-help`}>
        <legend>{t("params.overflow")}</legend>
        {OVERFLOWS.map((choice) => (
          <label key={choice}>
            <input
              type="radio"
              name={`${id}-overflow`}
              value={choice}
              checked={overflow === choice}
              onChange={() => setOverflow(choice)}
            />
            {t(`params.overflow.${choice}`)}
          </label>
        ))}
        <p id={`${id}-overflow-help`} className="muted">
          {t("params.overflowHelp")}
        </p>
      </fieldset>
      {gone ? (
        <p role="alert" className="field-error">
          {t("params.sessionGone")}
        </p>
      ) : null}
      <FormActions
        submitLabel={t("params.save")}
        cancelLabel={t("params.cancel")}
        onCancel={onCancel}
      />
    </form>
  );
}
