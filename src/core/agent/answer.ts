import type { AgentConfig, StepError } from "../agent-types.ts";
import type { Message } from "../message.ts";
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

/** The assistant message for one model call: what arrived, how it ended, usage and timing. */
export function answerMessage(
  agent: AgentConfig,
  response: ModelResponse,
  outcome: ResponseOutcome,
  base: { id: string; createdAt: string },
): Message {
  const message: Message = {
    id: base.id,
    role: "assistant",
    content: response.text,
    createdAt: base.createdAt,
    agent: agent.name,
    model: agent.model,
    timing:
      response.firstTokenMs === undefined
        ? { totalMs: response.totalMs }
        : { firstTokenMs: response.firstTokenMs, totalMs: response.totalMs },
    status: outcome.kind === "stopped" ? outcome.status : "complete",
  };
  if (response.usage) message.usage = response.usage;
  if (outcome.kind === "tools") message.toolCalls = response.toolCalls;
  if (outcome.kind === "stopped") message.error = outcome.error.message;
  return message;
}
