import type { Message } from "../message.ts";

/**
 * True for messages no request carries, whatever surrounds them: stored system messages (the
 * agent's own instructions stand first instead), answers that ended empty, and tool results
 * that name no call.
 */
export function isNeverSent(message: Message): boolean {
  if (message.role === "system") return true;
  if (message.role === "tool") return message.toolCallId === undefined;
  return message.role === "assistant" && message.content === "" && !message.toolCalls?.length;
}
