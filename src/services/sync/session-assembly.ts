import * as z from "zod/mini";
import { restoreHead, restoreMessage } from "../../core/codec/index.ts";
import type { Message } from "../../core/message.ts";
import type { Session } from "../../core/session.ts";
import { keepWrittenParents } from "../../core/tree.ts";
import { headKey, headRecord, messageKey, messageRecord, parseJson } from "./sync-records.ts";

/** Layout 1's head (before 2026-12-02): the order of every message id, rewritten on each append. */
const legacyHeadRecord = z.object({
  head: z.record(z.string(), z.unknown()),
  order: z.array(z.string()),
});

// Layout 2's message is `messageRecord`; layout 1's was the disk message alone.
const withId = z.object({ id: z.string() });

interface Linked {
  id: string;
  /** The message before it in the list; undefined for a layout 1 message, which names none. */
  after: string | null | undefined;
  data: unknown;
}

interface Placed extends Linked {
  message: Message;
}

/**
 * The session that `records` (parleyKey → JSON) hold, or undefined while it is incomplete or
 * when a record is not valid. Layout 2 is complete once the head is there, the message it names
 * as last is there, and every message's `after` is there (the chain is closed); layout 1 once
 * every message its `order` names is there. Checked before any message is restored: a first
 * sync calls this for every record that arrives.
 */
export function assembleSession(
  sessionId: string,
  records: ReadonlyMap<string, string>,
): Session | undefined {
  const headJson = records.get(headKey(sessionId));
  if (headJson === undefined) return undefined;
  const data = parseJson(headJson);
  const legacy = legacyHeadRecord.safeParse(data);
  if (legacy.success) return assembleLegacy(sessionId, records, legacy.data);
  const parsed = headRecord.safeParse(data);
  if (!parsed.success) return undefined;
  const { last } = parsed.data;
  if (last !== null && !records.has(messageKey(sessionId, last))) return undefined;
  const linked: Linked[] = [];
  const prefix = messageKey(sessionId, "");
  for (const [key, json] of records) {
    if (!key.startsWith(prefix)) continue;
    const one = link(json);
    if (!one || messageKey(sessionId, one.id) !== key) return undefined;
    linked.push(one);
  }
  const ids = new Set(linked.map((p) => p.id));
  if (linked.some((p) => typeof p.after === "string" && !ids.has(p.after))) return undefined;
  const head = restoreHead({ ...parsed.data.head, revision: 0 });
  if (!head.ok || head.head.id !== sessionId) return undefined;
  const placed: Placed[] = [];
  for (const one of linked) {
    const restored = restoreMessage(one.data);
    if (!restored.ok) return undefined;
    placed.push({ ...one, message: restored.message });
  }
  const messages = listOrder(placed);
  // Times carry their zone, so they compare as instants, not as text.
  const updatedAt = messages.reduce(
    (at, m) => (Date.parse(m.createdAt) > Date.parse(at) ? m.createdAt : at),
    head.head.updatedAt,
  );
  return { ...head.head, updatedAt, messages };
}

function assembleLegacy(
  sessionId: string,
  records: ReadonlyMap<string, string>,
  data: z.infer<typeof legacyHeadRecord>,
): Session | undefined {
  if (!data.order.every((id) => records.has(messageKey(sessionId, id)))) return undefined;
  const head = restoreHead({ ...data.head, revision: 0 });
  if (!head.ok || head.head.id !== sessionId) return undefined;
  const messages: Message[] = [];
  for (const id of data.order) {
    const one = link(records.get(messageKey(sessionId, id)) ?? "");
    const restored = one && one.id === id ? restoreMessage(one.data) : undefined;
    if (!restored?.ok) return undefined;
    messages.push(restored.message);
  }
  return { ...head.head, messages };
}

/** A message record's id and link, its message still unchecked (restored once all are there). */
function link(json: string): Linked | undefined {
  const parsed = parseJson(json);
  const wrapped = messageRecord.safeParse(parsed);
  const data = wrapped.success ? wrapped.data.message : parsed;
  const id = withId.safeParse(data);
  if (!id.success) return undefined;
  return { id: id.data.id, after: wrapped.success ? wrapped.data.after : undefined, data };
}

const byTime = (a: Placed, b: Placed) =>
  a.message.createdAt === b.message.createdAt
    ? a.id.localeCompare(b.id)
    : a.message.createdAt.localeCompare(b.message.createdAt);

/**
 * The list the `after` links describe, from the first message. Two devices that appended after
 * the same message offline each wrote one (a fork), and their merges may even link two messages
 * to each other: the list is still the same on every device that holds the same documents, as
 * messages after one message go by time and id, and those no chain from the first reaches go
 * last, by time and id.
 */
function listOrder(placed: Placed[]): Message[] {
  const next = new Map<string | null, Placed[]>();
  const unlinked: Placed[] = [];
  for (const p of placed) {
    if (p.after === undefined) unlinked.push(p);
    else next.set(p.after, [...(next.get(p.after) ?? []), p]);
  }
  const order: Placed[] = [];
  const seen = new Set<string>();
  const stack = [...(next.get(null) ?? [])].sort(byTime).reverse();
  for (let p = stack.pop(); p; p = stack.pop()) {
    if (seen.has(p.id)) continue;
    seen.add(p.id);
    order.push(p);
    stack.push(...[...(next.get(p.id) ?? [])].sort(byTime).reverse());
  }
  const rest = [...placed.filter((p) => !seen.has(p.id) && p.after !== undefined), ...unlinked];
  order.push(...rest.sort(byTime));
  // The second side of a fork follows the first side's last message: it names its `after`.
  const after = new Map(order.map((p) => [p.id, p.after]));
  return keepWrittenParents(
    order.map((p) => p.message),
    (m) => after.get(m.id),
  );
}
