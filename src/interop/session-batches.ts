import type { Session } from "../core/session.ts";

/** About how many characters a session holds: its text, tool arguments and a little per message. */
export function sessionChars(session: Session): number {
  let chars = session.title.length + 200;
  for (const m of session.messages) {
    chars += m.content.length + 100;
    for (const call of m.toolCalls ?? []) chars += call.arguments.length + call.name.length;
  }
  return chars;
}

/**
 * The sessions cut into batches of about `maxChars` characters (at least one session each), so
 * that no single message from the worker takes long to deserialise on the page.
 */
export function* sessionBatches(
  sessions: readonly Session[],
  maxChars: number,
): Generator<Session[]> {
  let batch: Session[] = [];
  let chars = 0;
  for (const session of sessions) {
    const size = sessionChars(session);
    if (batch.length > 0 && chars + size > maxChars) {
      yield batch;
      batch = [];
      chars = 0;
    }
    batch.push(session);
    chars += size;
  }
  if (batch.length > 0) yield batch;
}
