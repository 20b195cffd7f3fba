import type { SettingField } from "../../core/conversation-settings.ts";
import type { WireReasoningEffort } from "../../core/wire.ts";
import type { Translate } from "../i18n/use-t.ts";
import type { ParamProblem } from "./param-draft.ts";

const FIELD_LABEL = {
  systemPrompt: "params.systemPrompt",
  temperature: "params.temperature",
  topP: "params.topP",
  maxTokens: "params.maxTokens",
  reasoningEffort: "params.reasoningEffort",
} as const satisfies Record<SettingField, string>;

const RANGE_TEXT = {
  systemPrompt: "params.systemPromptRange",
  temperature: "params.temperatureRange",
  topP: "params.topPRange",
  maxTokens: "params.maxTokensRange",
  reasoningEffort: "params.reasoningEffortRange",
} as const satisfies Record<SettingField, string>;

export function fieldLabel(t: Translate, field: SettingField): string {
  return t(FIELD_LABEL[field]);
}

/** What is wrong with a field and what to do, in the dialog's and the agent form's words. */
export function problemText(t: Translate, problem: ParamProblem): string {
  return problem.code === "not_a_number"
    ? t("params.notANumber", { field: fieldLabel(t, problem.field) })
    : t(RANGE_TEXT[problem.field]);
}

export function effortLabel(t: Translate, effort: WireReasoningEffort): string {
  return t(`params.effort.${effort}`);
}
