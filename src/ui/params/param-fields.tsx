import { useId } from "react";
import { REASONING_EFFORTS, type SamplingParams } from "../../core/conversation-settings.ts";
import type { WireReasoningEffort } from "../../core/wire.ts";
import { useSectionT } from "../i18n/use-section-t.ts";
import {
  NUMBER_FIELDS,
  type NumberField,
  type ParamDraft,
  type ParamProblem,
} from "./param-draft.ts";
import { effortLabel, fieldLabel, problemText } from "./param-words.ts";

const RANGE: Record<NumberField, { min: number; max?: number; step: string }> = {
  temperature: { min: 0, max: 2, step: "0.1" },
  topP: { min: 0, max: 1, step: "0.05" },
  maxTokens: { min: 1, step: "1" },
};

interface ParamFieldsProps {
  draft: ParamDraft;
  onChange: (draft: ParamDraft) => void;
  problem: ParamProblem | null;
  /** The agent's values an empty field stands for; absent (the agent form): the model's own. */
  defaults?: SamplingParams;
  /** Whether the model takes a reasoning effort (false: the field is left out). */
  reasoning: boolean;
  /** The fields to show; all of them unless given. */
  fields?: readonly NumberField[];
}

/**
 * Temperature, top P, max tokens and reasoning effort, each empty for its default, which is said
 * beside it; a problem is shown under its field.
 */
export function ParamFields({
  draft,
  onChange,
  problem,
  defaults,
  reasoning,
  fields = NUMBER_FIELDS,
}: ParamFieldsProps) {
  const t = useSectionT("dialogWords");
  const id = useId();
  // Its dialogs load with their words (chat-header.tsx, app-shell.tsx).
  if (!t) return null;
  const defaultText = (value: string | number | undefined) =>
    defaults === undefined
      ? t("params.modelDefault")
      : value === undefined
        ? t("params.defaultModel")
        : t("params.defaultIs", { value });
  const error = (field: string) =>
    problem?.field === field ? (
      <p id={`${id}-${field}-error`} role="alert" className="field-error">
        {problemText(t, problem)}
      </p>
    ) : null;
  const described = (field: string) =>
    problem?.field === field ? `${id}-${field}-hint ${id}-${field}-error` : `${id}-${field}-hint`;

  return (
    <div className="param-fields">
      {fields.map((field) => (
        <div className="param-field" key={field}>
          <label>
            {fieldLabel(t, field)}
            <input
              type="number"
              inputMode="decimal"
              {...RANGE[field]}
              value={draft[field]}
              placeholder={defaults?.[field] === undefined ? "" : String(defaults[field])}
              aria-invalid={problem?.field === field ? true : undefined}
              aria-describedby={described(field)}
              onChange={(e) =>
                onChange({
                  ...draft,
                  [field]: e.target.value,
                  bad: e.target.validity.badInput
                    ? [...draft.bad.filter((f) => f !== field), field]
                    : draft.bad.filter((f) => f !== field),
                })
              }
            />
          </label>
          <span id={`${id}-${field}-hint`} className="muted">
            {defaultText(defaults?.[field])}
          </span>
          {defaults !== undefined && (draft[field] !== "" || draft.bad.includes(field)) ? (
            <button
              type="button"
              className="link"
              aria-label={t("params.useDefault", { field: fieldLabel(t, field) })}
              onClick={() =>
                onChange({ ...draft, [field]: "", bad: draft.bad.filter((f) => f !== field) })
              }
            >
              {t("params.useDefaultShort")}
            </button>
          ) : null}
          {error(field)}
        </div>
      ))}
      {reasoning ? (
        <div className="param-field">
          <label>
            {fieldLabel(t, "reasoningEffort")}
            <select
              value={draft.reasoningEffort}
              onChange={(e) =>
                onChange({ ...draft, reasoningEffort: e.target.value as WireReasoningEffort | "" })
              }
            >
              <option value="">
                {defaults?.reasoningEffort
                  ? t("params.effortDefault", { value: effortLabel(t, defaults.reasoningEffort) })
                  : t("params.effortModel")}
              </option>
              {REASONING_EFFORTS.map((effort) => (
                <option key={effort} value={effort}>
                  {effortLabel(t, effort)}
                </option>
              ))}
            </select>
          </label>
          {error("reasoningEffort")}
        </div>
      ) : null}
    </div>
  );
}
