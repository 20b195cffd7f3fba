import type { WireNote, WireNoteReason, WireReasoningEffort } from "../../../src/core/wire.ts";
import type { ChatCall } from "../../contract/provider.ts";

/** Anthropic needs `max_tokens`; this is used when neither the client, the defaults nor the table say. */
export const DEFAULT_MAX_TOKENS = 4096;

/** Extended thinking's budget for each `reasoning_effort`; Anthropic's least is 1,024 tokens. */
const BUDGET: Record<Exclude<WireReasoningEffort, "none">, number> = {
  minimal: 1024,
  low: 2048,
  medium: 8192,
  high: 16_384,
  xhigh: 32_768,
};
const MIN_BUDGET = 1024;

/** Where the request stands in a turn: continuing a tool loop, or an answer it ends with. */
export type Continuation = "tool" | "answer" | null;

const positive = (value: unknown): number | undefined =>
  typeof value === "number" && Number.isInteger(value) && value > 0 ? value : undefined;

/**
 * Sets Anthropic's sampling parameters on a body that holds the provider's defaults, in place,
 * and says what it changed: `max_tokens` (required: the client's, the defaults', the model's
 * longest answer, else 4,096), `temperature` (at most 1: clamped), `top_p`, and
 * `reasoning_effort` as extended thinking (`thinking: { type: "enabled", budget_tokens }`) where
 * the model supports it; thinking rules out `temperature`, `top_k` and a `top_p` below 0.95.
 */
export function fitAnthropicParams(
  body: Record<string, unknown>,
  call: ChatCall,
  continuing: Continuation,
): WireNote[] {
  const { request, provider, info } = call;
  const notes: WireNote[] = [];
  const drop = (key: string, reason: WireNoteReason) => {
    if (body[key] === undefined) return;
    delete body[key];
    notes.push({ code: "param_dropped", param: key, reason });
  };
  const maxTokens =
    request.max_completion_tokens ??
    request.max_tokens ??
    positive(provider.defaults.max_tokens) ??
    info.maxOutputTokens ??
    DEFAULT_MAX_TOKENS;
  body.max_tokens = maxTokens;
  delete body.max_completion_tokens;
  if (request.temperature !== undefined) body.temperature = request.temperature;
  if (typeof body.temperature === "number" && body.temperature > 1) {
    body.temperature = 1;
    notes.push({ code: "param_clamped", param: "temperature", value: 1 });
  }
  if (request.top_p !== undefined) body.top_p = request.top_p;

  const fromDefaults = body.reasoning_effort;
  delete body.reasoning_effort;
  const effort = request.reasoning_effort ?? fromDefaults;
  if (typeof effort === "string" && effort in BUDGET) {
    const budget = Math.min(BUDGET[effort as keyof typeof BUDGET], Math.floor((maxTokens * 3) / 4));
    const forced = (body.tool_choice as { type?: string } | undefined)?.type;
    const refused: WireNoteReason | null =
      info.reasoning !== true
        ? "model_refuses"
        : continuing === "tool"
          ? "tool_continuation"
          : continuing === "answer"
            ? "answer_continuation"
            : forced === "any" || forced === "tool"
              ? "tool_choice_forced"
              : budget < MIN_BUDGET
                ? "max_tokens_too_small"
                : null;
    if (refused) notes.push({ code: "param_dropped", param: "reasoning_effort", reason: refused });
    else {
      body.thinking = { type: "enabled", budget_tokens: budget };
      drop("temperature", "thinking_enabled");
      drop("top_k", "thinking_enabled");
      if (typeof body.top_p === "number" && body.top_p < 0.95) drop("top_p", "thinking_enabled");
    }
  }
  if (info.traits.oneSamplingParameter && body.temperature !== undefined)
    drop("top_p", "conflicts_with_temperature");
  return notes;
}
