import type { CodecError } from "../../core/codec/disk-types.ts";
import { findHeadProblem, findMessageProblem } from "../../core/codec/readable.ts";
import type { Session } from "../../core/session.ts";

/**
 * A change the store refused to save because storage could not read it back: saving it would
 * set the whole conversation aside as damaged on the next read. Nothing was changed.
 */
export class UnsavableChangeError extends Error {
  constructor(readonly problem: CodecError) {
    super(
      `This change was not saved, because the conversation could not be read back with it (${problem.path}: ${problem.message}). Nothing was changed: correct it and try again.`,
    );
    this.name = "UnsavableChangeError";
  }
}

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
