import { cutTo } from "../../core/agent/answer.ts";
import { LIMITS } from "../../core/codec/limits.ts";
import type { Message } from "../../core/message.ts";
import { isoTime } from "../../core/session.ts";
import { leafOf } from "../../core/tree.ts";
import type { AppState } from "../../store/app-state.ts";

/**
 * What the checkpoint of a conversation's streaming answer holds, or null when none streams:
 * the text (and reasoning) so far as an interrupted answer, cut as the finished answer would be so it always
 * reads back, below the question it answers.
 */
export function streamingCheckpoint(
  state: Pick<AppState, "runs" | "bodies">,
  sessionId: string,
): Message | null {
  const run = state.runs[sessionId];
  if (!run?.streaming) return null;
  const body = state.bodies[sessionId];
  const leaf = body ? leafOf(body) : null;
  // Below a leaf that is not the last message (a Regenerate's question), the parent is named.
  const under = body && leaf !== (body.messages.at(-1)?.id ?? null) ? { parentId: leaf } : {};
  return {
    id: run.streaming.messageId,
    ...under,
    role: "assistant",
    content: cutTo(run.streaming.text, LIMITS.content),
    createdAt: isoTime(run.startedAt),
    agent: cutTo(run.agent, LIMITS.name),
    model: cutTo(run.model, LIMITS.name),
    status: "interrupted",
    ...(run.streaming.reasoning
      ? { reasoning: { text: cutTo(run.streaming.reasoning, LIMITS.content) } }
      : {}),
  };
}
