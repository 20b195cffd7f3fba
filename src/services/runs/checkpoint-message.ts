import { cutTo, LIMITS } from "../../core/codec/limits.ts";
import type { Message } from "../../core/message.ts";
import { isoTime } from "../../core/session.ts";
import { leafOf } from "../../core/tree.ts";
import type { AppState } from "../../store/app-state.ts";

/**
 * What the checkpoint of a conversation's streaming answer holds, or null when none streams:
 * the text (and reasoning) so far as an interrupted answer, cut as the finished answer would be so it
 * always reads back, below the question it answers (or, continued, the answer itself with its text
 * grown).
 */
export function streamingCheckpoint(
  state: Pick<AppState, "runs" | "bodies">,
  sessionId: string,
): Message | null {
  const run = state.runs[sessionId];
  if (!run?.streaming) return null;
  const body = state.bodies[sessionId];
  const content = cutTo(run.streaming.text, LIMITS.content);
  const { messageId } = run.streaming;
  const leaf = body ? leafOf(body) : null;
  // A continued answer is the shown leaf itself: it is kept as itself, grown, where it stands.
  const held = leaf === messageId ? body?.messages.findLast((m) => m.id === messageId) : undefined;
  if (held) {
    const { error: _error, notes: _notes, ...kept } = held;
    return { ...kept, content, status: "interrupted" };
  }
  // Below a leaf that is not the last message (a Regenerate's question), the parent is named.
  const under = body && leaf !== (body.messages.at(-1)?.id ?? null) ? { parentId: leaf } : {};
  return {
    id: messageId,
    ...under,
    role: "assistant",
    content,
    createdAt: isoTime(run.startedAt),
    agent: cutTo(run.agent, LIMITS.name),
    model: cutTo(run.model, LIMITS.name),
    status: "interrupted",
    ...(run.streaming.reasoning
      ? { reasoning: { text: cutTo(run.streaming.reasoning, LIMITS.content) } }
      : {}),
  };
}
