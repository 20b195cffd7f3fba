import type { AgentEvent, RunContext } from "../agent-types.ts";
import type { AnswerNote, ToolCall, Usage } from "../message.ts";
import type { FinishReason, ModelError, ModelRequest } from "../model.ts";
import type { WireNote } from "../wire.ts";

/** Everything one model call produced, whole or partial. */
export interface ModelResponse {
  text: string;
  /** The reasoning streamed before the answer. */
  reasoning: string;
  /** From the first piece of reasoning to the first piece of the answer, or the end. */
  reasoningMs?: number;
  toolCalls: ToolCall[];
  usage?: Usage;
  /** What the proxy did to the request's parameters. */
  paramNotes?: WireNote[];
  /** Absent when the stream ended in an error or was aborted. */
  finish?: FinishReason;
  /** What the stream said about how it ended, when there is something to say. */
  note?: AnswerNote;
  error?: ModelError;
  firstTokenMs?: number;
  totalMs: number;
}

const ABORTED: ModelError = { code: "aborted" };

/**
 * Streams one model call, forwarding text, reasoning, usage and finish events as they arrive.
 * Tool calls are collected, not forwarded: the turn announces each one when it runs it.
 * Never throws for a misbehaving client: a thrown error becomes a `bad_response` error value.
 */
export async function readResponse(
  request: ModelRequest,
  ctx: RunContext,
  messageId: string,
  emit: (event: AgentEvent) => Promise<void>,
): Promise<ModelResponse> {
  const started = ctx.clock.now();
  const response: ModelResponse = { text: "", reasoning: "", toolCalls: [], totalMs: 0 };
  let thinkingSince: number | undefined;
  const thoughtUntil = () => {
    if (thinkingSince !== undefined && response.reasoningMs === undefined)
      response.reasoningMs = Math.max(0, ctx.clock.now() - thinkingSince);
  };
  const markFirstToken = () => {
    response.firstTokenMs ??= ctx.clock.now() - started;
  };
  const signal = ctx.signal;
  try {
    if (signal?.aborted) response.error = ABORTED;
    else
      for await (const event of ctx.model.stream(signal ? { ...request, signal } : request)) {
        if (signal?.aborted) {
          response.error = ABORTED;
          break;
        }
        if (event.type === "text") {
          markFirstToken();
          thoughtUntil();
          response.text += event.delta;
          await emit({ type: "text", delta: event.delta, messageId });
        } else if (event.type === "reasoning") {
          markFirstToken();
          thinkingSince ??= ctx.clock.now();
          response.reasoning += event.delta;
          await emit({ type: "reasoning", delta: event.delta, messageId });
        } else if (event.type === "tool_call") {
          markFirstToken();
          thoughtUntil();
          response.toolCalls.push(event.call);
        } else if (event.type === "param_notes") {
          response.paramNotes = [...(response.paramNotes ?? []), ...event.notes];
        } else if (event.type === "usage") {
          response.usage = event.usage;
          await emit({ type: "usage", usage: event.usage });
        } else if (event.type === "finish") {
          response.finish = event.reason;
          if (event.note) response.note = event.note;
          await emit({ type: "finish", reason: event.reason });
        } else if (event.type === "error") {
          response.error = event.error;
          break;
        }
        if (signal?.aborted) break;
      }
  } catch (error) {
    if (signal?.aborted) response.error = ABORTED;
    else if (error instanceof EmitterError) throw error;
    else
      response.error = {
        code: "bad_response",
        detail: error instanceof Error ? error.message : String(error),
      };
  }
  if (signal?.aborted && response.error?.code !== "aborted") response.error = ABORTED;
  if (response.error) {
    delete response.finish;
    delete response.note;
  }
  thoughtUntil();
  response.totalMs = ctx.clock.now() - started;
  return response;
}

/** Wraps an error thrown by `onEvent` so it is not mistaken for the model client's; `runTurn` rethrows the original. */
export class EmitterError extends Error {
  constructor(readonly original: unknown) {
    super("onEvent failed");
  }
}
