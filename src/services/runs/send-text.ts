import { LIMITS } from "../../core/codec/limits.ts";

/** Why `text` cannot be sent as a user message (empty, or longer than storage keeps), or null. */
export function unsendable(text: string): string | null {
  if (text.trim() === "") return "The message is empty: write something first.";
  if (text.length > LIMITS.content)
    return `The message is ${text.length.toLocaleString("en-US")} characters long; at most ${LIMITS.content.toLocaleString("en-US")} can be kept. Shorten it or split it over several messages.`;
  return null;
}
