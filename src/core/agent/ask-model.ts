import type { AgentConfig, AgentEvent, RunContext, StepError } from "../agent-types.ts";
import type { ImageUrls } from "../attachments/attachment.ts";
import { contextLengthError, modelErrorFacts } from "../context/context-error.ts";
import type { Message } from "../message.ts";
import type { ToolRegistry } from "../tool-registry.ts";
import { contextFull, type FitPlan, type FitTry, fittedRequest } from "./fitted-request.ts";
import { type ModelResponse, readResponse } from "./read-response.ts";

/**
 * One model call of a turn, fitted to the window. When the provider says the request was too
 * long before anything arrived, it is asked once more with the tighter fit (inside the window
 * the provider named, if smaller); a second refusal ends with `context_full`, which says what
 * to do. Returns the error alone when no request can be made to fit. With `plan.summary`, a
 * summary that stands for what is left out is sent in its place; with `plan.fit`, the first
 * request is built from that fit, made before, without fitting again.
 */
export async function askModel(
  agent: AgentConfig,
  history: readonly Message[],
  registry: ToolRegistry,
  images: ImageUrls,
  ctx: RunContext,
  messageId: string,
  emit: (event: AgentEvent) => Promise<void>,
  plan: FitPlan,
): Promise<ModelResponse | StepError> {
  let attempt: FitTry = { mode: "normal" };
  for (;;) {
    const built = fittedRequest(agent, history, registry, images, ctx.context, {
      ...plan,
      attempt,
    });
    if (!built.ok) return built.error;
    const response = await readResponse(built.request, ctx, messageId, emit);
    const nothingArrived = response.text === "" && response.toolCalls.length === 0;
    const tooLong =
      response.error && nothingArrived ? contextLengthError(modelErrorFacts(response.error)) : null;
    if (!tooLong || !ctx.context) return response;
    if (attempt.mode === "tighter") return contextFull();
    attempt = { mode: "tighter", limit: tooLong.limit };
  }
}
