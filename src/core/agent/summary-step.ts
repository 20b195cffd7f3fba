import type { AgentConfig, AgentEvent, RunContext } from "../agent-types.ts";
import { cutTo, LIMITS } from "../codec/limits.ts";
import { FIT_MARGIN, type FitResult, fitRequest } from "../context/fit-request.ts";
import { type SummaryOption, summaryOption, summaryTokens } from "../context/summary-fit.ts";
import { newId } from "../id.ts";
import type { Message } from "../message.ts";
import { isoTime } from "../session.ts";
import type { WireTool } from "../wire.ts";
import { readResponse } from "./read-response.ts";
import { countedMessages, summaryTranscript } from "./summary-request.ts";

export interface SummaryStep {
  /** How the next request places a summary; absent when it only leaves the oldest turns out. */
  option?: SummaryOption;
  /** A summary made now, which the turn commits before it asks the model. */
  made?: Message;
  /** A summary was needed and the model could not make one: the answer says so. */
  failed: boolean;
  /**
   * The fit this step made, when the request is the same (no summary made, none failed): the
   * model call builds its request from it instead of fitting the path again.
   */
  fit?: FitResult;
}

/**
 * Before a model call of a conversation that summarises instead of only leaving out: when the
 * path does not fit the window and no summary on it stands for every message before the cut
 * (none yet, or the cut moved past it), the model is asked for one (previous summary and what it
 * does not cover yet, or everything before the cut) with a short fixed instruction, not
 * streamed to the log. A failure is reported, never thrown: the turn then only leaves out.
 * `tools` are the agent's declared tools, which the request carries. While the summary is being
 * written, `emit` hears the run's activity (`summarizing`, then `null`), so the log can say so.
 */
export async function summaryStep(
  agent: AgentConfig,
  history: readonly Message[],
  tools: readonly WireTool[],
  ctx: RunContext,
  emit: (event: AgentEvent) => Promise<void> = async () => undefined,
): Promise<SummaryStep> {
  const context = ctx.context;
  if (!context) return { failed: false };
  const tokens = summaryTokens(context.window);
  const option = summaryOption(history, context.window);
  const fit = fitRequest({
    system: agent.instructions,
    tools,
    path: history,
    window: context.window,
    reserve: context.reserve,
    sizes: context.sizes,
    summary: option,
  });
  const state = fit.ok ? fit.value.summary : null;
  if (state?.status !== "needed") return { option, failed: false, fit };

  const room = context.window - tokens - Math.ceil(context.window * FIT_MARGIN.normal);
  const transcript = summaryTranscript(state.previous, state.added, context.sizes, room);
  if (!transcript) return { failed: true };
  const id = newId(ctx.randomBytes);
  const request = {
    model: agent.model,
    messages: transcript.messages,
    params: { maxTokens: tokens },
  };
  await emit({ type: "activity", activity: "summarizing" });
  const response = await readResponse(request, ctx, id, async () => undefined);
  await emit({ type: "activity", activity: null });
  const text = response.text.trim();
  if (response.error?.code === "aborted") return { option, failed: false };
  if (response.error || text === "") return { failed: true };

  // Messages left out of the transcript to fit it are not in the summary, so it does not count them.
  const covers =
    (state.previous?.summary?.covers ?? 0) +
    countedMessages(state.added).length -
    transcript.dropped;
  const made: Message = {
    id,
    role: "system",
    content: cutTo(text, LIMITS.content),
    createdAt: isoTime(ctx.clock.now()),
    agent: cutTo(agent.name, LIMITS.name),
    ...(agent.model !== "" ? { model: cutTo(agent.model, LIMITS.name) } : {}),
    ...(response.usage ? { usage: response.usage } : {}),
    summary: { covers, lastCoveredId: state.lastCoveredId },
  };
  return {
    option: { ...option, current: { message: made, lastCoveredId: state.lastCoveredId } },
    made,
    failed: false,
  };
}
