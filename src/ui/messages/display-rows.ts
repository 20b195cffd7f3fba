import type { Message, ToolCall } from "../../core/message.ts";

export type DisplayStatus = "complete" | "streaming" | "interrupted" | "error";

/** One row of the message log: a stored message with what it needs to be shown. */
export interface DisplayRow {
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
  const rows: DisplayRow[] = [];
  messages.forEach((message, index) => {
    if (message.role === "system" && !message.summary) return;
    const call =
      message.role === "tool" && message.toolCallId ? calls.get(message.toolCallId) : undefined;
    rows.push({
      key: message.id,
      message,
      status: statusOf(message),
      ...(call ? { call } : {}),
      pendingCalls: (message.toolCalls ?? []).filter((c) => !answered.has(c.id)),
      lastAnswer: index === lastAnswerIndex,
    });
  });
  return rows;
}
