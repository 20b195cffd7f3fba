import type { AgentConfig, AgentEvent, RunContext, StepError, TurnResult } from "../agent-types.ts";
import { answerErrorOf, toolNames } from "../answer-error.ts";
import { readImages } from "../attachments/attachment.ts";
import { cutTo, LIMITS } from "../codec/limits.ts";
import { canContinue, type Message, type Usage } from "../message.ts";
import type { Session } from "../session.ts";
import { builtinToolRegistry } from "../tools/builtin-registry.ts";
import { path } from "../tree.ts";
import { answerMessage, outcomeOf } from "./answer.ts";
import { applySettings } from "./apply-settings.ts";
import { fittedRequest } from "./fitted-request.ts";
import { EmitterError, readResponse } from "./read-response.ts";
import { summaryStep } from "./summary-step.ts";

/**
 * Asks the model to go on with the last answer of the visible path: the request is the path
 * ending in that answer, as an assistant message the provider continues. The streamed text
 * goes out as text events of the same message id and is appended to it: the turn's one message
 * is that answer, grown, with its status and notes saying how the continuation ended. When
 * nothing arrived (a failure or Stop before any text), the answer is left as it was.
 *
 * A conversation that summarises places its summary as a turn does (`summaryStep`). A summary
 * that must be made first is sent in this request only, not added to the conversation: the
 * turn's one message stays the answer, and the next send makes its own when its cut needs one.
 *
 * Never rejects for model failures; it rejects only when `ctx.onEvent` throws.
 */
export async function continueAnswer(
  agent: AgentConfig,
  session: Session,
  ctx: RunContext,
): Promise<TurnResult> {
  const history = path(session);
  const partial = history.at(-1);
  const emit = async (event: AgentEvent) => {
    try {
      await ctx.onEvent?.(event);
    } catch (error) {
      throw new EmitterError(error);
    }
  };
  const stop = async (error: StepError, messages: Message[]): Promise<TurnResult> => {
    await emit({ type: "error", error });
    return { messages, steps: [{ type: "error", error }], final: null, state: session.state };
  };
  try {
    if (!partial || !canContinue(partial)) return await stop({ code: "no_cut_answer" }, []);
    const before = history.slice(0, -1);
    const registry = ctx.tools ?? builtinToolRegistry;
    const images = await readImages(before, ctx.readImage);
    // The conversation's settings (system prompt, sampling) hold for its continuation too, and
    // the request is fitted into the model's window like any turn's, the partial answer counted,
    // with the same summary in place of what is left out when the conversation summarises.
    const settled = applySettings(agent, session.settings);
    const tools = registry.declare(settled.tools);
    const summarizes = ctx.context !== undefined && session.settings?.overflow === "summarize";
    const summary = summarizes ? await summaryStep(settled, history, tools, ctx, emit) : null;
    const built = fittedRequest(settled, history, registry, images, ctx.context, {
      tools,
      summary: summary?.option,
      fit: summary?.fit,
    });
    if (!built.ok) return await stop(built.error, []);
    const { request } = built;
    // A request ending in an answer hands it over as a user message; here the model goes on with it.
    request.messages[request.messages.length - 1] = { role: "assistant", content: partial.content };
    const response = await readResponse(request, ctx, partial.id, emit);
    const outcome = outcomeOf(response);
    const error =
      outcome.kind === "tools"
        ? ({ code: "tool_while_continuing", tools: toolNames(response.toolCalls) } as const)
        : outcome.kind === "stopped"
          ? outcome.error
          : undefined;
    if (error && response.text === "") return await stop(error, []);
    const rest = answerMessage(agent, { ...response, toolCalls: [] }, outcome, {
      id: partial.id,
      createdAt: partial.createdAt,
    });
    const joinedAnswer = joined(partial, rest, response.text, error);
    const grown: Message = summary?.failed
      ? { ...joinedAnswer, notes: [...(joinedAnswer.notes ?? []), "summary_failed"] }
      : joinedAnswer;
    await emit({ type: "message", message: grown });
    if (error) return await stop(error, [grown]);
    return {
      messages: [grown],
      steps: [{ type: "final", content: grown.content }],
      final: grown.content,
      state: session.state,
    };
  } catch (error) {
    if (error instanceof EmitterError) throw error.original;
    throw error;
  }
}

/** The answer with the continuation's text after its own, and how the continuation ended. */
function joined(
  partial: Message,
  rest: Message,
  text: string,
  error: StepError | undefined,
): Message {
  const content = partial.content + text;
  const { error: _error, notes: _notes, status: _status, ...kept } = partial;
  const grown: Message = { ...kept, content: cutTo(content, LIMITS.content) };
  const usage = sumUsage(partial.usage, rest.usage);
  if (usage) grown.usage = usage;
  if (rest.timing)
    grown.timing = {
      ...partial.timing,
      totalMs: (partial.timing?.totalMs ?? 0) + rest.timing.totalMs,
    };
  if (content.length > LIMITS.content) {
    grown.status = "error";
    grown.error = { code: "answer_too_long", limit: LIMITS.content };
  } else if (error) {
    grown.status = "interrupted";
    grown.error = answerErrorOf(error);
  } else {
    grown.status = "complete";
    if (rest.notes) grown.notes = rest.notes;
  }
  return grown;
}

/** The answer's tokens: the last request's prompt, and every part's completion. */
function sumUsage(before: Usage | undefined, after: Usage | undefined): Usage | undefined {
  if (!after) return before;
  const completionTokens = (before?.completionTokens ?? 0) + after.completionTokens;
  return {
    promptTokens: after.promptTokens,
    completionTokens,
    totalTokens: after.promptTokens + completionTokens,
  };
}
