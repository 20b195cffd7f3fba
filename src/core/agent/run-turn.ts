import type {
  AgentConfig,
  AgentEvent,
  RunContext,
  Step,
  StepError,
  TurnResult,
  UserInput,
} from "../agent-types.ts";
import { answerErrorOf } from "../answer-error.ts";
import { readImages } from "../attachments/attachment.ts";
import { cutTo, LIMITS } from "../codec/limits.ts";
import { newId } from "../id.ts";
import type { JsonObject } from "../json.ts";
import type { Message } from "../message.ts";
import { isoTime, type Session } from "../session.ts";
import { runToolCall } from "../tool-call.ts";
import { builtinToolRegistry } from "../tools/builtin-registry.ts";
import { path } from "../tree.ts";
import { answerMessage, outcomeOf } from "./answer.ts";
import { applySettings } from "./apply-settings.ts";
import { askModel } from "./ask-model.ts";
import { EmitterError } from "./read-response.ts";
import { hasSomethingToAnswer } from "./request.ts";
import { summaryStep } from "./summary-step.ts";

/**
 * One turn of `agent`, with the session's own settings in place of its defaults and
 * instructions (`applySettings`), on `session`'s visible path (`path(session)`; other branches are never
 * sent): adds the user's `input` (or, with `null`, continues from
 * the history as a pipeline stage or a retry), then calls the model up to `agent.maxSteps`
 * times, running the tools it asks for in between. The session is not changed: the new
 * messages and state stream out through `ctx.onEvent` as they happen (the caller commits each
 * `message` and `state` event) and come back in the result; each `message` event is awaited
 * before the turn goes on, so the user's message can be persisted before the model is called.
 *
 * Never rejects for model or tool failures: they end the turn with an `error` step and
 * `final: null`. It rejects only when `ctx.onEvent` throws.
 */
export async function runTurn(
  agent: AgentConfig,
  session: Session,
  input: string | UserInput | null,
  ctx: RunContext,
): Promise<TurnResult> {
  try {
    return await turn(agent, session, input, ctx);
  } catch (error) {
    if (error instanceof EmitterError) throw error.original;
    throw error;
  }
}

async function turn(
  own: AgentConfig,
  session: Session,
  given: string | UserInput | null,
  ctx: RunContext,
): Promise<TurnResult> {
  const agent = applySettings(own, session.settings);
  const input = typeof given === "string" ? { text: given } : given;
  const attachments = input?.attachments ?? [];
  const registry = ctx.tools ?? builtinToolRegistry;
  const history = [...path(session)];
  const added: Message[] = [];
  const steps: Step[] = [];
  let state: JsonObject = session.state;
  const now = () => isoTime(ctx.clock.now());
  const emit = async (event: AgentEvent) => {
    try {
      await ctx.onEvent?.(event);
    } catch (error) {
      throw new EmitterError(error);
    }
  };
  const commit = async (message: Message) => {
    history.push(message);
    added.push(message);
    await emit({ type: "message", message });
  };
  const stop = async (error: StepError): Promise<TurnResult> => {
    steps.push({ type: "error", error });
    await emit({ type: "error", error });
    return { messages: added, steps, final: null, state };
  };

  if (input !== null && (input.text.trim() !== "" || attachments.length > 0)) {
    if (session.messages.length === 0 && agent.instructions.trim() !== "")
      await commit({
        id: newId(ctx.randomBytes),
        role: "system",
        content: agent.instructions,
        createdAt: now(),
        agent: agent.name,
      });
    await commit({
      id: newId(ctx.randomBytes),
      role: "user",
      content: input.text,
      ...(attachments.length > 0 ? { attachments: [...attachments] } : {}),
      createdAt: now(),
    });
  }
  const images = await readImages(history, ctx.readImage);
  const summarizes = ctx.context !== undefined && session.settings?.overflow === "summarize";
  const tools = registry.declare(agent.tools);
  if (!hasSomethingToAnswer(history)) return stop({ code: "nothing_to_answer" });

  for (let step = 0; step < agent.maxSteps; step++) {
    if (ctx.signal?.aborted) {
      const aborted: StepError = { code: "aborted" };
      await commit(emptyAnswer(agent, now(), newId(ctx.randomBytes), "interrupted", aborted));
      return stop(aborted);
    }
    const summary = summarizes ? await summaryStep(agent, history, tools, ctx, emit) : null;
    if (summary?.made) await commit(summary.made);
    const noted = (message: Message): Message =>
      summary?.failed
        ? { ...message, notes: [...(message.notes ?? []), "summary_failed"] }
        : message;
    const messageId = newId(ctx.randomBytes);
    const createdAt = now();
    const response = await askModel(
      agent,
      history,
      registry,
      images,
      ctx,
      messageId,
      emit,
      // The step's fit is this request's, unless it made a summary, which moves the cut.
      { tools, summary: summary?.option, fit: summary?.fit },
    );
    if ("code" in response) {
      await commit(noted(emptyAnswer(agent, createdAt, messageId, "error", response)));
      return stop(response);
    }
    const outcome = outcomeOf(response);
    await commit(noted(answerMessage(agent, response, outcome, { id: messageId, createdAt })));
    if (outcome.kind === "stopped") return stop(outcome.error);
    if (outcome.kind === "final") {
      steps.push({ type: "final", content: response.text });
      return { messages: added, steps, final: response.text, state };
    }
    for (const call of response.toolCalls) {
      await emit({ type: "tool_call", call });
      const started = ctx.clock.now();
      const result = await runToolCall(call, {
        registry,
        allowed: agent.tools,
        state,
        now: () => ctx.clock.now(),
        ...(ctx.signal ? { signal: ctx.signal } : {}),
      });
      const durationMs = Math.max(0, ctx.clock.now() - started);
      const stateChanged = result.state !== state;
      state = result.state;
      steps.push({
        type: "tool_call",
        call,
        result: result.content,
        isError: result.isError,
        durationMs,
      });
      await emit({
        type: "tool_result",
        callId: call.id,
        result: result.content,
        isError: result.isError,
        durationMs,
      });
      if (stateChanged) await emit({ type: "state", state });
      await commit({
        id: newId(ctx.randomBytes),
        role: "tool",
        content: result.content,
        toolCallId: call.id,
        createdAt: now(),
        timing: { totalMs: durationMs },
        ...(result.isError ? { isError: true } : {}),
      });
    }
  }
  const limit: StepError = { code: "step_limit", agent: agent.name, maxSteps: agent.maxSteps };
  await commit(emptyAnswer(agent, now(), newId(ctx.randomBytes), "error", limit));
  return stop(limit);
}

/** The answer a turn leaves when it ends between model calls, so the log shows how it ended. */
function emptyAnswer(
  agent: AgentConfig,
  createdAt: string,
  id: string,
  status: "interrupted" | "error",
  error: StepError,
): Message {
  const message: Message = {
    id,
    role: "assistant",
    content: "",
    createdAt,
    agent: cutTo(agent.name, LIMITS.name),
    status,
    error: answerErrorOf(error),
  };
  if (agent.model !== "") message.model = cutTo(agent.model, LIMITS.name);
  // Versions before error codes tell this answer from the step limit's by this note.
  if (error.code === "context_full") message.notes = ["context_full"];
  return message;
}
