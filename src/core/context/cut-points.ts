import type { Message } from "../message.ts";

/**
 * The indexes of `path` where a request may begin, ascending: 0, and every user message that
 * starts a turn whole. A turn is a user message with everything after it up to the next user
 * message (answers, tool calls and their results, the stages of a pipeline), so beginning at a
 * user message never sends an answer without its question. A user message that stands between
 * a tool call and its result (an imported conversation may hold one) is no cut point either, so
 * a call and its result are always sent together or left out together.
 */
export function cutPoints(path: readonly Message[]): number[] {
  const called = new Set<string>();
  for (const message of path) for (const call of message.toolCalls ?? []) called.add(call.id);
  const awaitingCall = new Set<string>();
  const points: number[] = [];
  for (let i = path.length - 1; i > 0; i--) {
    const message = path[i] as Message;
    if (
      message.role === "tool" &&
      message.toolCallId !== undefined &&
      called.has(message.toolCallId)
    )
      awaitingCall.add(message.toolCallId);
    for (const call of message.toolCalls ?? []) awaitingCall.delete(call.id);
    if (message.role === "user" && awaitingCall.size === 0) points.push(i);
  }
  points.push(0);
  return points.reverse();
}
