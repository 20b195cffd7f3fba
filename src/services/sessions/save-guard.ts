import type { CodecError } from "../../core/codec/disk-types.ts";
import { findHeadProblem, findMessageProblem } from "../../core/codec/readable.ts";
import type { Session } from "../../core/session.ts";

/**
 * Why `next` could not be read back, or undefined. The head is always checked; of the messages,
 * only those that are new or changed since `previous` (unchanged ones were checked when they
 * came in), so a long conversation costs no more to save than a short one.
 */
export function findUnsavable(
  previous: Session | undefined,
  next: Session,
): CodecError | undefined {
  const head = findHeadProblem(next);
  if (head) return head;
  const known = new Set(previous?.messages);
  for (const [index, message] of next.messages.entries()) {
    if (known.has(message)) continue;
    const problem = findMessageProblem(message, ["messages", index]);
    if (problem) return problem;
  }
  return undefined;
}
