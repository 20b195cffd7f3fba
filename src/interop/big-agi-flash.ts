import type { JsonObject, JsonValue } from "../core/json.ts";
import { failed, ok, type Result } from "../core/result.ts";
import { type ImportIssue, issueAt, jsonPath } from "./import-issue.ts";
import { parseJson } from "./json-parse.ts";
import { asArray, isObject } from "./json-read.ts";
import { IMPORT_LIMITS } from "./limits.ts";

/**
 * big-AGI 2's whole-app backup, its "Flash File" (`_t: "agi.flash-backup"`): a copy of the
 * browser's localStorage and IndexedDB. The chats are one value of its IndexedDB key-value store,
 * `app-chats`, the JSON text its store persists (`{ state: { conversations }, version }`). Only
 * that value is read: the localStorage part holds the model services with their API keys.
 */
export function isBigAgiFlash(value: JsonValue | undefined): value is JsonObject {
  return isObject(value) && value._t === "agi.flash-backup" && isObject(value.storage);
}

/** The chats of a Flash File, and the path they are at (inside the persisted text). */
export interface FlashChats {
  conversations: JsonValue[];
  at: Array<string | number>;
}

const parsed = new WeakMap<JsonObject, Result<FlashChats, ImportIssue>>();

/** Read once per file: the count before reading and the reading share it. */
export function flashChats(value: JsonObject): Result<FlashChats, ImportIssue> {
  const known = parsed.get(value);
  if (known) return known;
  const result = readFlash(value);
  parsed.set(value, result);
  return result;
}

function readFlash(value: JsonObject): Result<FlashChats, ImportIssue> {
  const storage = value.storage as JsonObject;
  const idb = isObject(storage.indexedDB) ? storage.indexedDB : {};
  const store = isObject(idb["keyval-store"]) ? idb["keyval-store"] : {};
  const entries = asArray(store.keyval) ?? [];
  const index = entries.findIndex((entry) => isObject(entry) && entry.key === "app-chats");
  const base = ["storage", "indexedDB", "keyval-store", "keyval", index, "value"];
  const entry = entries[index];
  if (!isObject(entry)) return ok({ conversations: [], at: [] });
  let persisted = entry.value;
  if (typeof persisted === "string") {
    const read = parseJson(persisted, { maxDepth: IMPORT_LIMITS.maxDepth });
    if (!read.ok) return failed({ ...read.error, path: jsonPath(base) + read.error.path.slice(1) });
    persisted = read.value.value;
  }
  const state = isObject(persisted) && isObject(persisted.state) ? persisted.state : undefined;
  const conversations = asArray(state?.conversations);
  if (!conversations)
    return failed(
      issueAt(jsonPath([...base, "state", "conversations"]), {
        code: "not-a-conversation",
        app: "big-AGI",
      }),
    );
  return ok({ conversations, at: [...base, "state", "conversations"] });
}
