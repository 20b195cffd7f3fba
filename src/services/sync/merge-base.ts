import { restoreHead, restoreMessage } from "../../core/codec/index.ts";
import type { Message } from "../../core/message.ts";
import type { Session } from "../../core/session.ts";
import { headKey, headRecord, messageKey, messageRecord, parseJson } from "./sync-records.ts";

/**
 * By record key: what the outbox held before records arrived over it, since the session was last
 * applied (`undefined`: nothing was held, the record is new here). With the held records (the
 * arrivals), it gives back what this device last synced of the session: the base of the merge.
 */
export type Before = Map<string, string | undefined>;

/** Notes that `key` of `sessionId` held `previous` before an arrival; only the first one counts. */
export function noteBefore(
  before: Map<string, Before>,
  sessionId: string,
  key: string,
  previous: string | undefined,
): void {
  const noted = before.get(sessionId) ?? new Map<string, string | undefined>();
  if (!noted.has(key)) noted.set(key, previous);
  before.set(sessionId, noted);
}

/**
 * What this device last synced of the session that arrived as `incoming` (assembled from the
 * held records): `incoming` with each record that arrived since put back as it was held before.
 * A message that did not arrive is the same object in both, so the merge reads it as unchanged
 * there and keeps the local copy. Undefined when it cannot be known: the head is new here (the
 * held records were read afresh when sync started, or the session was never synced on this
 * device), or a record held before does not read.
 */
export function mergeBase(incoming: Session, before: Before | undefined): Session | undefined {
  if (!before || before.size === 0) return incoming;
  const key = headKey(incoming.id);
  let head: Omit<Session, "messages"> = incoming;
  if (before.has(key)) {
    const json = before.get(key);
    const parsed = json === undefined ? undefined : headRecord.safeParse(parseJson(json));
    if (!parsed?.success) return undefined;
    const restored = restoreHead({ ...parsed.data.head, revision: 0 });
    if (!restored.ok) return undefined;
    head = restored.head;
  }
  const messages: Message[] = [];
  for (const m of incoming.messages) {
    const messageBefore = messageKey(incoming.id, m.id);
    if (!before.has(messageBefore)) {
      messages.push(m);
      continue;
    }
    const json = before.get(messageBefore);
    if (json === undefined) continue;
    const parsed = messageRecord.safeParse(parseJson(json));
    const restored = restoreMessage(parsed.success ? parsed.data.message : parseJson(json));
    if (!restored.ok) return undefined;
    messages.push(restored.message);
  }
  return { ...head, messages };
}

/**
 * The base when none is known: the head of the side changed last, so its title, metadata,
 * state, settings and shown leaf win (as in a conflict without its ancestor, `conflicts.ts`),
 * and no message is known, so every message of both sides is kept. Equal times: the local side,
 * so a change not sent yet is never lost to a copy of the same moment.
 */
export function unknownBase(incoming: Session, local: Session): Session | undefined {
  const localLater = Date.parse(local.updatedAt) >= Date.parse(incoming.updatedAt);
  return localLater ? { ...incoming, messages: [] } : undefined;
}
