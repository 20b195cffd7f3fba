import type { AgentConfig, StepError } from "../agent-types.ts";
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
    return { kind: "stopped", error, status: error.kind === "aborted" ? "interrupted" : "error" };
  if (finish === undefined || finish === "incomplete")
    return {
      kind: "stopped",
      status: "interrupted",
      error: {
        kind: "network",
        message:
          "The connection ended before the answer was finished. What arrived is kept; send again to retry.",
      },
    };
  const unstorable = unstorableCall(toolCalls);
  if (unstorable)
    return {
      kind: "stopped",
      status: "error",
      error: {
        kind: "protocol",
        message: `The model asked for a tool call the app cannot keep (${unstorable}), so no tool was run. Ask again, or choose another model.`,
      },
    };
  if (toolCalls.length > 0 && finish === "length")
    return {
      kind: "stopped",
      status: "error",
      error: {
        kind: "tool_call_cut",
        message: `The answer reached the model's length limit while writing a call to ${toolCalls.map((c) => c.name).join(", ")}, so the call was not run. Ask again, or ask for a shorter answer.`,
      },
    };
  return toolCalls.length > 0 ? { kind: "tools" } : { kind: "final" };
}

/** What makes these calls impossible to store and read back (codec limits), or undefined. */
function unstorableCall(calls: readonly ToolCall[]): string | undefined {
  if (calls.length > LIMITS.toolCalls) return `more than ${LIMITS.toolCalls} calls in one answer`;
  for (const call of calls) {
    if (call.name === "" || call.name.length > LIMITS.toolName)
      return `a tool name must be 1 to ${LIMITS.toolName} characters`;
    if (call.id === "" || call.id.length > LIMITS.toolCallId)
      return `a call id must be 1 to ${LIMITS.toolCallId} characters`;
    if (call.arguments.length > LIMITS.toolArguments)
      return `the arguments of ${call.name} are longer than ${LIMITS.toolArguments} characters`;
  }
  return undefined;
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
 * back); an over-long error text or model name is cut.
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
  if (outcome.kind === "stopped") message.error = cutTo(outcome.error.message, LIMITS.error);
  if (tooLong) {
    message.status = "error";
    message.error = `The answer was longer than ${LIMITS.content} characters, so it was cut there.`;
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
