import type { Message } from "../message.ts";
import type { Session } from "../session.ts";
import type { CodecError } from "./disk-types.ts";
import { restoreHead, restoreMessage } from "./restore.ts";
import { snapshotHead, snapshotMessage } from "./snapshot.ts";

/**
 * Why the session's head (title, metadata, state, times) would be refused when read back, or
 * undefined. Whatever the app writes must pass: a refused head sets the whole conversation aside.
 */
export function findHeadProblem(session: Session): CodecError | undefined {
  const restored = restoreHead(snapshotHead(session));
  return restored.ok ? undefined : restored.error;
}

/** Why this message would be refused when read back, or undefined; `at` prefixes the path. */
export function findMessageProblem(
  message: Message,
  at: readonly (string | number)[] = [],
): CodecError | undefined {
  const restored = restoreMessage(snapshotMessage(message), at);
  return restored.ok ? undefined : restored.error;
}
