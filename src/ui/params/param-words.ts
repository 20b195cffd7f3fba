import type { SettingField } from "../../core/conversation-settings.ts";
import type { WireNote, WireReasoningEffort } from "../../core/wire.ts";
import type { SectionTranslate } from "../i18n/use-section-t.ts";
import type { Translate } from "../i18n/use-t.ts";
import type { ParamProblem } from "./param-draft.ts";

const FIELD_LABEL = {
  systemPrompt: "params.systemPrompt",
  temperature: "params.temperature",
  topP: "params.topP",
  maxTokens: "params.maxTokens",
  reasoningEffort: "params.reasoningEffort",
  overflow: "params.overflow",
} as const satisfies Record<SettingField, string>;

const RANGE_TEXT = {
  systemPrompt: "params.systemPromptRange",
  temperature: "params.temperatureRange",
  topP: "params.topPRange",
  maxTokens: "params.maxTokensRange",
  reasoningEffort: "params.reasoningEffortRange",
  overflow: "params.overflowRange",
} as const satisfies Record<SettingField, string>;

export function fieldLabel(t: Translate, field: SettingField): string {
  return t(FIELD_LABEL[field]);
}

/** What is wrong with a field and what to do, in the dialog's and the agent form's words. */
export function problemText(t: SectionTranslate<"dialogWords">, problem: ParamProblem): string {
  return problem.code === "not_a_number"
    ? t("params.notANumber", { field: fieldLabel(t, problem.field) })
    : t(RANGE_TEXT[problem.field]);
}

export function effortLabel(
  t: SectionTranslate<"dialogWords">,
  effort: WireReasoningEffort,
): string {
  return t(`params.effort.${effort}`);
}
const WIRE_FIELD: Record<string, SettingField> = {
  temperature: "temperature",
  top_p: "topP",
  max_tokens: "maxTokens",
  max_completion_tokens: "maxTokens",
  reasoning_effort: "reasoningEffort",
};

const REASONS = new Set([
  "model_refuses",
  "upstream_refused",
  "thinking_enabled",
  "conflicts_with_temperature",
  "max_tokens_too_small",
  "tool_continuation",
  "answer_continuation",
  "tool_choice_forced",
] as const);

/** One note of the proxy about a parameter, as a sentence for the answer's details. */
export function noteText(t: Translate, note: WireNote): string {
  const known = WIRE_FIELD[note.param];
  const param = known ? fieldLabel(t, known) : note.param;
  if (note.code === "param_clamped")
    return t("params.noteClamped", { param, value: note.value ?? "" });
  const reason =
    note.reason && REASONS.has(note.reason)
      ? t(`params.reason.${note.reason}`)
      : t("params.reason.unknown");
  return t("params.noteDropped", { param, reason });
}
