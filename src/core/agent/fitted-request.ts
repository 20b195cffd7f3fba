import type { AgentConfig, RequestContext, StepError } from "../agent-types.ts";
import type { ImageUrls } from "../attachments/attachment.ts";
import { type FitError, type FitMode, type FitResult, fitRequest } from "../context/fit-request.ts";
import type { SummaryOption } from "../context/summary-fit.ts";
import type { Message } from "../message.ts";
import type { ModelRequest } from "../model.ts";
import type { ToolRegistry } from "../tool-registry.ts";
import type { WireTool } from "../wire.ts";
import { buildModelRequest } from "./request.ts";
import { placedSummary } from "./summary-request.ts";

export type FittedRequest = { ok: true; request: ModelRequest } | { ok: false; error: StepError };

/** How to fit one request: the retry's tighter mode, and a window the provider named smaller. */
export interface FitTry {
  mode: FitMode;
  limit?: number | undefined;
}

/** What one model call's request is fitted with, besides the history and the window. */
export interface FitPlan {
  /** The agent's tools as the registry declares them: declared once for the turn. */
  tools: readonly WireTool[];
  attempt?: FitTry;
  /** Summarise what is left out: a summary that still stands is placed. */
  summary?: SummaryOption | undefined;
  /**
   * The normal fit of this very history with `summary` (and `tools`), made already by
   * `summaryStep`: the request is built from it instead of fitting again. Ignored by the
   * tighter retry and inside a smaller window, which fit anew.
   */
  fit?: FitResult | undefined;
}

/**
 * The request for `history`, fitted into the model's window when `context` says how: the oldest
 * turns are left out of the request (never out of the history), the system prompt and the newest
 * turn always go, and `context.onFit` hears what was sent. Without `context` all of it goes.
 * With `plan.summary`, a summary that still stands for what is left out goes right after the
 * system prompt; one that does not is not sent (`summary-step.ts` makes a new one before).
 */
export function fittedRequest(
  agent: AgentConfig,
  history: readonly Message[],
  registry: ToolRegistry,
  images: ImageUrls,
  context: RequestContext | undefined,
  plan: FitPlan,
): FittedRequest {
  const { tools, summary } = plan;
  if (!context)
    return { ok: true, request: buildModelRequest(agent, history, registry, images, tools) };
  const attempt = plan.attempt ?? { mode: "normal" };
  const limit = attempt.limit ?? Number.POSITIVE_INFINITY;
  const limited = limit < context.window;
  const window = limited ? limit : context.window;
  // Inside a smaller window than the model's list said, the answer's room shrinks with it.
  const reserve = limited ? Math.min(context.reserve, Math.floor(window / 4)) : context.reserve;
  const fit =
    plan.fit && attempt.mode === "normal" && !limited
      ? plan.fit
      : fitRequest({
          system: agent.instructions,
          tools,
          path: history,
          window,
          reserve,
          mode: attempt.mode,
          sizes: context.sizes,
          ...(summary ? { summary } : {}),
        });
  if (!fit.ok) return { ok: false, error: contextFull(fit.error) };
  context.onFit?.(fit.value);
  const sent = fit.value.omitted === 0 ? history : history.slice(fit.value.omitted);
  const request = buildModelRequest(agent, sent, registry, images, tools);
  if (fit.value.summary?.status === "placed") {
    const at = request.messages[0]?.role === "system" ? 1 : 0;
    request.messages.splice(at, 0, placedSummary(fit.value.summary.message));
  }
  return { ok: true, request };
}

/** The error that ends a turn whose request cannot be made to fit; without a cause, the provider refused it. */
export function contextFull(cause?: FitError): StepError {
  if (!cause) return { code: "context_full", cause: "provider_refused" };
  return {
    code: "context_full",
    cause: cause.code === "window_too_small" ? "window_too_small" : "message_too_large",
  };
}
