import { isNeverSent } from "../context/never-sent.ts";
import type { TokenSizes } from "../context/token-count.ts";
import type { Message } from "../message.ts";
import type { WireMessage } from "../wire.ts";

/**
 * What the model is told when it is asked for a summary. The demo model recognises a summary
 * request by its first words (server/providers/demo/summary-answer.ts).
 */
export const SUMMARY_INSTRUCTION =
  "Write a summary of the conversation transcript below, for an assistant who will carry on the conversation without the transcript. Keep names, numbers, decisions, open questions and what the user asked for. Write it in the language of the conversation, as plain prose, in at most 300 words. Answer with the summary only.";

/** What stands before a placed summary in the request, so the model reads it for what it is. */
const PLACED_PREFIX = "Summary of the earlier conversation:\n\n";

/** A stored summary as the request carries it, right after the system prompt. */
export function placedSummary(summary: Message): WireMessage {
  return { role: "system", content: `${PLACED_PREFIX}${summary.content}` };
}

/** How a message of the transcript is headed: by its role, or by what an earlier summary covers. */
function entryOf(message: Message): string {
  if (message.summary) return `[summary of ${message.summary.covers} messages]\n${message.content}`;
  if (message.role === "tool") return `[tool result]\n${message.content}`;
  const calls = (message.toolCalls ?? []).map((c) => `called ${c.name}(${c.arguments})`);
  const text = [message.content, ...calls].filter((part) => part !== "").join("\n");
  return `[${message.role}]\n${text}`;
}

/** The messages a summary stands for that a request would carry (stored system messages are not). */
export function countedMessages(messages: readonly Message[]): Message[] {
  return messages.filter((m) => !isNeverSent(m));
}

export interface SummaryTranscript {
  /** The request's messages: the instruction, then the transcript as one user message. */
  messages: WireMessage[];
  /** Messages of `added` left out of the transcript, oldest first, to fit `budget`. */
  dropped: number;
}

/**
 * The request that asks for a summary of `previous` (an earlier summary, first) and `added`. When
 * the transcript is longer than `budget` tokens the oldest of `added` are left out of it, never
 * the previous summary or the newest message; null when not even those fit.
 */
export function summaryTranscript(
  previous: Message | null,
  added: readonly Message[],
  sizes: TokenSizes,
  budget: number,
): SummaryTranscript | null {
  const entries = [
    ...(previous ? [entryOf(previous)] : []),
    ...countedMessages(added).map(entryOf),
  ];
  const fixed = sizes.text(SUMMARY_INSTRUCTION).tokens;
  const costs = entries.map((entry) => sizes.text(entry).tokens + 2);
  let total = fixed + costs.reduce((sum, cost) => sum + cost, 0);
  const first = previous ? 1 : 0;
  let from = first;
  while (total > budget && from < entries.length - 1) {
    total -= costs[from] ?? 0;
    from += 1;
  }
  if (total > budget || entries.length === 0) return null;
  const kept = [...entries.slice(0, first), ...entries.slice(from)];
  return {
    messages: [
      { role: "system", content: SUMMARY_INSTRUCTION },
      { role: "user", content: kept.join("\n\n") },
    ],
    dropped: from - first,
  };
}
