import * as z from "zod/mini";
import {
  restoreHead,
  restoreMessage,
  snapshotHead,
  snapshotMessage,
} from "../../core/codec/index.ts";
import type { Message } from "../../core/message.ts";
import type { Session } from "../../core/session.ts";

/**
 * A session as sync documents: one head (`h:<id>`: the disk head and the order of its message
 * ids) and one document per message (`m:<id>:<message id>`), so an append sends the new message
 * and the head, and an edit only the message it changed. The revision is this device's own.
 */
export function sessionRecords(session: Session): Map<string, string> {
  const records = new Map<string, string>();
  const { revision: _local, ...head } = snapshotHead(session);
  records.set(
    headKey(session.id),
    JSON.stringify({ head, order: session.messages.map((m) => m.id) }),
  );
  for (const message of session.messages)
    records.set(messageKey(session.id, message.id), JSON.stringify(snapshotMessage(message)));
  return records;
}

export const headKey = (sessionId: string) => `h:${sessionId}`;
export const messageKey = (sessionId: string, messageId: string) => `m:${sessionId}:${messageId}`;

/** The session a record key belongs to, or undefined for a key sync does not know. */
export function sessionOfKey(key: string): string | undefined {
  return /^[hm]:([^:]+)/.exec(key)?.[1];
}

const headRecord = z.object({
  head: z.record(z.string(), z.unknown()),
  order: z.array(z.string()),
});

/**
 * The session that `records` (parleyKey → JSON) hold once its head and every message it names
 * have arrived; undefined while some are missing or when one is not valid.
 */
export function assembleSession(
  sessionId: string,
  records: ReadonlyMap<string, string>,
): Session | undefined {
  const headJson = records.get(headKey(sessionId));
  if (headJson === undefined) return undefined;
  const parsed = headRecord.safeParse(safeJson(headJson));
  if (!parsed.success) return undefined;
  // Cheap before any message is restored: a first sync calls this for every record that arrives.
  if (!parsed.data.order.every((id) => records.has(messageKey(sessionId, id)))) return undefined;
  const head = restoreHead({ ...parsed.data.head, revision: 0 });
  if (!head.ok || head.head.id !== sessionId) return undefined;
  const messages: Message[] = [];
  for (const id of parsed.data.order) {
    const json = records.get(messageKey(sessionId, id));
    if (json === undefined) return undefined;
    const message = restoreMessage(safeJson(json));
    if (!message.ok) return undefined;
    messages.push(message.message);
  }
  return { ...head.head, messages };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Whether two sets of records hold the same JSON under the same keys. */
export function sameRecords(a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>) {
  return a.size === b.size && [...a].every(([key, json]) => b.get(key) === json);
}
