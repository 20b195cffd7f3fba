import * as z from "zod/mini";
import { snapshotHead, snapshotMessage } from "../../core/codec/index.ts";
import type { Session } from "../../core/session.ts";
import type { ChangedMessages } from "../../persistence/repository.ts";

/**
 * A session as sync documents (layout 2, docs/sync.md): one head `h:<id>` (the disk head without
 * its revision, and `last`: the session's last message when the head was written) and one
 * document per message `m:<id>:<message id>` holding the message and `after`, the message before
 * it in the session's list. So an append writes the new message's document alone, an edit only
 * the message it changed, and the head goes only when the session's own fields change.
 *
 * `held` is what the outbox holds: the head's `updated_at` and `last` follow every append, so
 * while the rest of the head is unchanged and its `last` is still a message, the held head is
 * kept as it is. The receiving device takes the newest message's time as the session's.
 * The revision is this device's own.
 */
export function sessionRecords(
  session: Session,
  held?: ReadonlyMap<string, string>,
): Map<string, string> {
  const records = new Map<string, string>();
  records.set(headKey(session.id), headJson(session, held?.get(headKey(session.id))));
  for (let i = 0; i < session.messages.length; i++) setMessageRecord(records, session, i);
  return records;
}

/**
 * The records of `session` that `changed` names (what the repository said its save changed):
 * the head, each message from position `from` on and each message of `ids`. Only these are
 * serialised, so an append to a long conversation costs its own message, not the conversation.
 * `gone`: the held message records the session no longer holds, looked for only when messages
 * may have been removed (a finite `from`; an append's costs a look-up per message, no JSON).
 */
export function changedRecords(
  session: Session,
  held: ReadonlyMap<string, string>,
  changed: ChangedMessages,
): { records: Map<string, string>; gone: string[] } {
  const head = headKey(session.id);
  const records = new Map([[head, headJson(session, held.get(head))]]);
  const { messages } = session;
  const ids = new Set(changed.ids);
  for (let i = ids.size > 0 ? 0 : Math.max(0, changed.from); i < messages.length; i++) {
    const message = messages[i];
    if (message && (i >= changed.from || ids.has(message.id)))
      setMessageRecord(records, session, i);
  }
  if (!Number.isFinite(changed.from)) return { records, gone: [] };
  const prefix = messageKey(session.id, "");
  const present = new Set(messages.map((m) => m.id));
  const gone = [...held.keys()].filter(
    (key) => key.startsWith(prefix) && !present.has(key.slice(prefix.length)),
  );
  return { records, gone };
}

/** The document of the message at `index`: it and `after`, the message before it in the list. */
function setMessageRecord(records: Map<string, string>, session: Session, index: number): void {
  const message = session.messages[index];
  if (!message) return;
  const after = session.messages[index - 1]?.id ?? null;
  records.set(
    messageKey(session.id, message.id),
    messageRecordJson(after, snapshotMessage(message)),
  );
}

export const headKey = (sessionId: string) => `h:${sessionId}`;
export const messageKey = (sessionId: string, messageId: string) => `m:${sessionId}:${messageId}`;

/** The session a record or chunk key belongs to, or undefined for a key sync does not know. */
export function sessionOfKey(key: string): string | undefined {
  return /^[hmc]:([^:]+)/.exec(key)?.[1];
}

/** Layout 2's head; layout 1's carried `order` (every message id) instead of `last`. */
export const headRecord = z.object({
  head: z.record(z.string(), z.unknown()),
  last: z.nullable(z.string()),
});

/** Layout 2's message document: the disk message and the message before it in the list. */
export const messageRecord = z.object({ after: z.nullable(z.string()), message: z.unknown() });

/** A message document's JSON, exactly as the outbox writes one. */
export function messageRecordJson(after: string | null, message: unknown): string {
  return JSON.stringify({ after, message });
}

/**
 * The head of a session without its revision, its time and its shown leaf (each device's own:
 * a device keeps showing the branch it is reading, `shown-leaf.ts`; sent, a leaf one device
 * picked would switch the others).
 */
function headFields(session: Session): Record<string, unknown> {
  const { revision: _local, updated_at: _time, leaf_id: _shown, ...fields } = snapshotHead(session);
  return fields;
}

/** The head record `sessionRecords` gives `session` against `held`. */
export function headRecordOf(session: Session, held: ReadonlyMap<string, string>): string {
  return headJson(session, held.get(headKey(session.id)));
}

function headJson(session: Session, heldJson: string | undefined): string {
  const fields = headFields(session);
  const held = heldJson === undefined ? undefined : headRecord.safeParse(parseJson(heldJson));
  if (held?.success) {
    const { updated_at: _time, ...heldFields } = held.data.head;
    const { last } = held.data;
    const lastKept = last !== null && session.messages.some((m) => m.id === last);
    if (lastKept && canonicalJson(heldFields) === canonicalJson(fields)) return heldJson as string;
  }
  return headRecordJson(session, session.messages.at(-1)?.id ?? null);
}

/** The head record of `session` naming `last`, exactly as the outbox writes one. */
export function headRecordJson(session: Session, last: string | null): string {
  const head = { ...headFields(session), updated_at: session.updatedAt };
  return canonicalJson({ head, last });
}

/**
 * JSON with every object's keys in order, so the same head is the same text on every device
 * whatever order its state or metadata keys were set in: two devices that merged one conflict
 * write the same record, and the next round only removes a leaf (docs/sync.md, Conflicts).
 */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
