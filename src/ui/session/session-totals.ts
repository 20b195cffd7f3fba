import type { Message } from "../../core/message.ts";

export interface SessionTotals {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
  answers: number;
  toolCalls: number;
  /** Sum of the answers' total times. */
  answerMs: number;
}

/** Tokens, time and tool calls added up over a conversation's answers. */
export function sessionTotals(messages: readonly Message[]): SessionTotals {
  const totals: SessionTotals = {
    promptTokens: 0,
    completionTokens: 0,
    totalTokens: 0,
    answers: 0,
    toolCalls: 0,
    answerMs: 0,
  };
  for (const m of messages) {
    if (m.role !== "assistant") continue;
    totals.answers += 1;
    totals.toolCalls += m.toolCalls?.length ?? 0;
    totals.answerMs += m.timing?.totalMs ?? 0;
    if (m.usage) {
      totals.promptTokens += m.usage.promptTokens;
      totals.completionTokens += m.usage.completionTokens;
      totals.totalTokens += m.usage.totalTokens;
    }
  }
  return totals;
}
