import { LIMITS } from "../../core/codec/limits.ts";
import type { Result } from "../../core/result.ts";
import type { RunFailure } from "../../store/app-state.ts";

/** Why the user's message did not become part of the conversation. */
export type SendFailure =
  | { code: "message_empty" }
  | { code: "message_too_long"; length: number; max: number }
  | { code: "already_running" }
  | { code: "session_gone" }
  | { code: "nothing_to_replace" }
  /** The run could not start or ended before the message was kept; `failure` says why. */
  | { code: "run_failed"; failure: RunFailure };

/** Whether the user's message became part of the conversation. */
export type SendResult = Result<void, SendFailure>;

/**
 * Why `text` cannot be sent as a user message (empty without files, or longer than storage
 * keeps), or null.
 */
export function unsendable(text: string, files = 0): SendFailure | null {
  if (text.trim() === "" && files === 0) return { code: "message_empty" };
  if (text.length > LIMITS.content)
    return { code: "message_too_long", length: text.length, max: LIMITS.content };
  return null;
}
