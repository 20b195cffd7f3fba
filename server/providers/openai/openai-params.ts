import type { WireNote } from "../../../src/core/wire.ts";
import type { ModelInfo } from "../../contract/model-info.ts";

/** What OpenAI's reasoning models refuse (an HTTP 400 `unsupported_parameter` or `unsupported_value`). */
const REFUSED_BY_REASONING = ["temperature", "top_p", "presence_penalty", "frequency_penalty"];

/**
 * Fits an OpenAI-compatible body to the model's family, in place, and says what it left out.
 * The answer's limit goes as one field: `max_completion_tokens` for OpenAI's reasoning models,
 * which refuse `max_tokens` and the sampling parameters, else `max_tokens`, which every server
 * reads (`max_completion_tokens` counts when both were sent). A model known not to reason
 * refuses `reasoning_effort`. A model that is not known gets everything; a refusal the upstream
 * names is handled by sending again without it.
 */
export function fitOpenaiParams(body: Record<string, unknown>, info: ModelInfo): WireNote[] {
  const notes: WireNote[] = [];
  const drop = (param: string) => {
    if (body[param] === undefined) return;
    delete body[param];
    notes.push({ code: "param_dropped", param, reason: "model_refuses" });
  };
  const limit = body.max_completion_tokens ?? body.max_tokens;
  if (limit !== undefined) {
    delete body.max_tokens;
    delete body.max_completion_tokens;
    body[info.traits.openaiReasoning ? "max_completion_tokens" : "max_tokens"] = limit;
  }
  if (info.traits.openaiReasoning) for (const param of REFUSED_BY_REASONING) drop(param);
  if (info.reasoning === false) drop("reasoning_effort");
  return notes;
}
