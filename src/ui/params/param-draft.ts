import {
  checkSettings,
  type SamplingParams,
  type SettingField,
} from "../../core/conversation-settings.ts";
import { failed, ok, type Result } from "../../core/result.ts";
import type { WireReasoningEffort } from "../../core/wire.ts";

export type NumberField = "temperature" | "topP" | "maxTokens";
export const NUMBER_FIELDS: readonly NumberField[] = ["temperature", "topP", "maxTokens"];

/** What the fields hold as typed: "" uses the default; `bad` marks what the browser could not read as a number. */
export interface ParamDraft {
  temperature: string;
  topP: string;
  maxTokens: string;
  reasoningEffort: WireReasoningEffort | "";
  bad: readonly NumberField[];
}

export type ParamProblem =
  | { code: "not_a_number"; field: NumberField }
  | { code: "out_of_range"; field: SettingField };

export function draftOf(params: SamplingParams): ParamDraft {
  const text = (n: number | undefined) => (n === undefined ? "" : String(n));
  return {
    temperature: text(params.temperature),
    topP: text(params.topP),
    maxTokens: text(params.maxTokens),
    reasoningEffort: params.reasoningEffort ?? "",
    bad: [],
  };
}

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;

/** The parameters the draft says, each empty one absent, or the first field that is wrong. */
export function readDraft(draft: ParamDraft): Result<SamplingParams, ParamProblem> {
  const params: SamplingParams = {};
  for (const field of NUMBER_FIELDS) {
    const text = draft[field].trim();
    if (draft.bad.includes(field) || (text !== "" && !NUMBER.test(text)))
      return failed({ code: "not_a_number", field });
    if (text !== "") params[field] = Number(text);
  }
  if (draft.reasoningEffort !== "") params.reasoningEffort = draft.reasoningEffort;
  const checked = checkSettings(params);
  if (!checked.ok) return failed({ code: "out_of_range", field: checked.error.field });
  return ok(params);
}
