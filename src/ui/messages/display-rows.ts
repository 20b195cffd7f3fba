import type { Message, ToolCall } from "../../core/message.ts";

export type DisplayStatus = "complete" | "streaming" | "interrupted" | "error";

/** One row of the message log: a stored message with what it needs to be shown. */
export interface DisplayRow {
  kind: "message";
  key: string;
  message: Message;
  status: DisplayStatus;
  /** For tool messages: the call they answer. */
  call?: ToolCall;
  /** For assistant messages: calls that have no result yet. */
  pendingCalls: ToolCall[];
  /** This is the last answer of the conversation (it can be regenerated). */
  lastAnswer: boolean;
}

export function statusOf(message: Message): DisplayStatus {
  return message.status === "interrupted" || message.status === "error"
    ? message.status
    : "complete";
}

/** The calls of a message without any: one array for every row, not one each. */
const NO_CALLS: ToolCall[] = [];

/**
 * The rows of the log, in order. System messages (the agents' instructions) are not shown, but
 * a summary of older messages is; a tool message is shown with the call it answers.
 */
export function displayRows(messages: readonly Message[]): DisplayRow[] {
  const calls = new Map<string, ToolCall>();
  const answered = new Set<string>();
  for (const m of messages) {
    for (const call of m.toolCalls ?? []) calls.set(call.id, call);
    if (m.role === "tool" && m.toolCallId) answered.add(m.toolCallId);
  }
  let lastAnswerIndex = -1;
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i]?.role === "assistant") {
      lastAnswerIndex = i;
      break;
    }
  }
  // Built once for each of 10,000 messages when a long conversation arrives: plain objects of
  // one shape, without spreading, so that arrival stays a short task.
  const rows: DisplayRow[] = [];
  for (let index = 0; index < messages.length; index++) {
    const message = messages[index] as Message;
    if (message.role === "system" && !message.summary) continue;
    const call =
      message.role === "tool" && message.toolCallId ? calls.get(message.toolCallId) : undefined;
    const row: DisplayRow = {
      kind: "message",
      key: message.id,
      message,
      status: statusOf(message),
      pendingCalls: message.toolCalls?.length
        ? message.toolCalls.filter((c) => !answered.has(c.id))
        : NO_CALLS,
      lastAnswer: index === lastAnswerIndex,
    };
    if (call) row.call = call;
    rows.push(row);
  }
  return rows;
}
