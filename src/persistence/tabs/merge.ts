import { sameSettings } from "../../core/conversation-settings.ts";
import type { JsonObject, JsonValue } from "../../core/json.ts";
import type { Message } from "../../core/message.ts";
import type { Session } from "../../core/session.ts";
import { keepWrittenParents } from "../../core/tree.ts";

/**
 * Three-way merge of a session two tabs changed at once. `base` is what this tab last read or
 * wrote (undefined when unknown: then every field this tab has wins), `ours` what it wants to
 * write, `theirs` what another tab stored meanwhile. Each title, metadata and state key takes
 * the side that changed it; messages keep theirs in order, with our changes and deletions
 * applied and our new messages after them (a version names its parent, so it stays where it
 * was added). The shown branch, and the conversation's settings, are ours when this tab changed them. The result has a revision above both.
 */
export function mergeSessions(base: Session | undefined, ours: Session, theirs: Session): Session {
  const origin = base ?? theirs;
  const leafId = ours.leafId !== origin.leafId ? ours.leafId : theirs.leafId;
  const settings = sameSettings(ours.settings, origin.settings) ? theirs.settings : ours.settings;
  return {
    id: theirs.id,
    createdAt: theirs.createdAt,
    updatedAt: later(ours.updatedAt, theirs.updatedAt),
    title: ours.title !== origin.title ? ours.title : theirs.title,
    metadata: mergeObject(origin.metadata, ours.metadata, theirs.metadata),
    state: mergeObject(origin.state, ours.state, theirs.state),
    messages: mergeMessages(base?.messages, ours.messages, theirs.messages),
    revision: Math.max(ours.revision, theirs.revision) + 1,
    ...(leafId !== undefined ? { leafId } : {}),
    ...(settings ? { settings } : {}),
  };
}

/** ISO 8601 UTC times sort as text. */
function later(a: string, b: string): string {
  return a.localeCompare(b) >= 0 ? a : b;
}

/**
 * Keys are read as own properties and written with `defineProperty`, so a `__proto__` key the
 * model stored stays data: `out[k] = value` would replace the prototype instead.
 */
function mergeObject(base: JsonObject, ours: JsonObject, theirs: JsonObject): JsonObject {
  const out: JsonObject = { ...theirs };
  for (const k of new Set([...Object.keys(base), ...Object.keys(ours)])) {
    const value = own(ours, k);
    if (sameJson(own(base, k), value)) continue;
    if (value === undefined) delete out[k];
    else
      Object.defineProperty(out, k, {
        value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
  }
  return out;
}

function own(object: JsonObject, key: string): JsonValue | undefined {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

function mergeMessages(
  base: readonly Message[] | undefined,
  ours: readonly Message[],
  theirs: readonly Message[],
): Message[] {
  const before = new Map((base ?? []).map((m) => [m.id, m]));
  const ourIds = new Set(ours.map((m) => m.id));
  const deleted = new Set([...before.keys()].filter((id) => !ourIds.has(id)));
  const changed = new Map(ours.filter((m) => before.get(m.id) !== m).map((m) => [m.id, m]));
  const out = theirs.filter((m) => !deleted.has(m.id)).map((m) => changed.get(m.id) ?? m);
  const present = new Set(out.map((m) => m.id));
  for (const m of ours)
    if (changed.has(m.id) && !present.has(m.id) && !before.has(m.id)) out.push(m);
  // Each message keeps the parent it had in its own side's list (`keepWrittenParents`).
  const oursBefore = previousIds(ours);
  const theirsBefore = previousIds(theirs);
  return keepWrittenParents(out, (m) => (changed.has(m.id) ? oursBefore : theirsBefore).get(m.id));
}

/** Each message's predecessor in `list` (null: the first). */
function previousIds(list: readonly Message[]): Map<string, string | null> {
  return new Map(list.map((m, i) => [m.id, list[i - 1]?.id ?? null]));
}

function sameJson(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((v, i) => sameJson(v, b[i]));
  const ao = a as JsonObject;
  const bo = b as JsonObject;
  const keys = Object.keys(ao);
  return (
    keys.length === Object.keys(bo).length &&
    keys.every((k) => Object.hasOwn(bo, k) && sameJson(own(ao, k), own(bo, k)))
  );
}
