import type { AgentConfig, StepError } from "../agent-types.ts";
import { answerErrorOf, toolNames } from "../answer-error.ts";
import { cutTo, LIMITS } from "../codec/limits.ts";
import type { AnswerNote, Message, ToolCall } from "../message.ts";
import type { WireNote } from "../wire.ts";
import type { ModelResponse } from "./read-response.ts";

/** What the turn does after a model call: run the tools it asked for, finish, or stop with an error. */
export type ResponseOutcome =
  | { kind: "tools" }
  | { kind: "final" }
  | { kind: "stopped"; error: StepError; status: "interrupted" | "error" };

export function outcomeOf(response: ModelResponse): ResponseOutcome {
  const { error, finish, toolCalls } = response;
  if (error)
    return { kind: "stopped", error, status: error.code === "aborted" ? "interrupted" : "error" };
  if (finish === undefined || finish === "incomplete")
    return {
      kind: "stopped",
      status: "interrupted",
      error: { code: "connection_lost" },
    };
  if (unstorable(toolCalls))
    return {
      kind: "stopped",
      status: "error",
      error: { code: "unstorable_tool_call", tools: toolNames(toolCalls) },
    };
  if (toolCalls.length > 0 && finish === "length")
    return {
      kind: "stopped",
      status: "error",
      error: { code: "length_in_tool_call", tools: toolNames(toolCalls) },
    };
  return toolCalls.length > 0 ? { kind: "tools" } : { kind: "final" };
}

/** Whether these calls cannot be stored and read back (codec limits). */
function unstorable(calls: readonly ToolCall[]): boolean {
  if (calls.length > LIMITS.toolCalls) return true;
  return calls.some(
    (call) =>
      call.name === "" ||
      call.name.length > LIMITS.toolName ||
      call.id === "" ||
      call.id.length > LIMITS.toolCallId ||
      call.arguments.length > LIMITS.toolArguments,
  );
}

/** What is worth noting about how a finished answer ended. */
function notesOf(response: ModelResponse): AnswerNote[] {
  const notes: AnswerNote[] = response.note ? [response.note] : [];
  if (response.finish === "length" && response.toolCalls.length === 0) notes.push("length_limit");
  return notes;
}

/**
 * The assistant message for one model call: what arrived, how it ended, usage and timing. It
 * always fits the codec's limits (`LIMITS`): an answer longer than the content limit is cut
 * there and marked as an error saying so; times never go below zero (the wall clock may step
 * back); an over-long error detail or model name is cut.
 */
export function answerMessage(
  agent: AgentConfig,
  response: ModelResponse,
  outcome: ResponseOutcome,
  base: { id: string; createdAt: string },
): Message {
  const totalMs = Math.max(0, response.totalMs);
  const tooLong = response.text.length > LIMITS.content;
  const message: Message = {
    id: base.id,
    role: "assistant",
    content: tooLong ? cutTo(response.text, LIMITS.content) : response.text,
    createdAt: base.createdAt,
    agent: cutTo(agent.name, LIMITS.name),
    timing:
      response.firstTokenMs === undefined
        ? { totalMs }
        : { firstTokenMs: Math.max(0, response.firstTokenMs), totalMs },
    status: outcome.kind === "stopped" ? outcome.status : "complete",
  };
  if (agent.model !== "") message.model = cutTo(agent.model, LIMITS.name);
  if (response.usage) message.usage = response.usage;
  if (response.reasoning !== "")
    message.reasoning = {
      text: cutTo(response.reasoning, LIMITS.content),
      ...(response.reasoningMs !== undefined
        ? { durationMs: Math.max(0, response.reasoningMs) }
        : {}),
    };
  if (response.paramNotes?.length)
    message.paramNotes = response.paramNotes.slice(0, LIMITS.notes).map(paramNote);
  const notes = outcome.kind === "stopped" || tooLong ? [] : notesOf(response);
  if (notes.length > 0) message.notes = notes;
  if (outcome.kind === "tools") message.toolCalls = response.toolCalls;
  if (outcome.kind === "stopped") message.error = answerErrorOf(outcome.error);
  if (tooLong) {
    message.status = "error";
    message.error = { code: "answer_too_long", limit: LIMITS.content };
  }
  return message;
}

/** A note as the codec keeps it: known fields only, the parameter's name cut to fit. */
function paramNote(note: WireNote): WireNote {
  return {
    code: note.code,
    param: cutTo(note.param, LIMITS.noteCode),
    ...(note.reason !== undefined ? { reason: note.reason } : {}),
    ...(note.value !== undefined ? { value: note.value } : {}),
  };
}
