import type { JsonObject, JsonValue } from "../core/json.ts";
import { ok } from "../core/result.ts";
import type { DraftConversation, DraftMessage } from "./conversation-draft.ts";
import { readConversations } from "./conversation-list.ts";
import { type ImportIssue, jsonPath } from "./import-issue.ts";
import { ImportNotes } from "./import-note.ts";
import { toIsoTime } from "./import-time.ts";
import { emptyOutput, type ImporterOutput } from "./importer.ts";
import { asArray, asId, asString, contentText, isObject, plainRole } from "./json-read.ts";
import { type BackupClock, backupClock, messageTime } from "./nextchat-times.ts";

/** NextChat keeps its chats under this key of a backup; the backup's other parts (`access-control` holds keys) are never read. */
const CHAT_STORE = "chat-next-web-store";

function chatStore(value: JsonValue): JsonObject | undefined {
  if (!isObject(value)) return undefined;
  const store = value[CHAT_STORE];
  return isObject(store) && Array.isArray(store.sessions) ? store : undefined;
}

/** A NextChat backup (`Backup-*.json`): an object with `chat-next-web-store.sessions`. */
export function isNextChatBackup(value: JsonValue): boolean {
  return chatStore(value) !== undefined;
}

function readSession(
  session: JsonObject,
  at: Array<string | number>,
  warnings: ImportIssue[],
  clock: BackupClock,
  offset: number | undefined,
): DraftConversation {
  const notes = new ImportNotes();
  const messages: DraftMessage[] = [];
  const lastUpdate =
    typeof session.lastUpdate === "number" && Number.isFinite(session.lastUpdate)
      ? session.lastUpdate
      : undefined;
  let first: number | undefined;
  let last = lastUpdate;
  (asArray(session.messages) ?? []).forEach((item, index) => {
    if (!isObject(item)) return;
    const path = jsonPath([...at, "messages", index]);
    const role = plainRole(item, path, warnings);
    if (!role) return;
    const time = messageTime(asString(item.date) ?? "", clock, offset);
    if (time && !time.zoned) notes.add("times-without-zone");
    if (time) {
      first ??= time.ms;
      last = Math.max(last ?? time.ms, time.ms);
    }
    const message: DraftMessage = {
      path,
      role,
      content: contentText(item.content),
      createdAt: time ? toIsoTime(time.ms, "milliseconds") : undefined,
    };
    const id = asId(item.id);
    if (id) message.sourceId = id;
    if (role === "assistant") {
      const model = asString(item.model);
      if (model) message.model = model;
      if (item.isError === true) message.status = "error";
      else if (item.streaming === true) message.status = "interrupted";
    }
    messages.push(message);
  });
  const updatedAt = last === undefined ? undefined : toIsoTime(last, "milliseconds");
  const created = first === undefined ? last : Math.min(first, last ?? first);
  return {
    path: jsonPath(at),
    sourceId: asId(session.id) ?? jsonPath(at),
    title: asString(session.topic) ?? "",
    createdAt: created === undefined ? undefined : toIsoTime(created, "milliseconds"),
    updatedAt,
    messages,
    notes: notes.list(),
  };
}

export function readNextChat(value: JsonValue): ImporterOutput {
  const output = emptyOutput();
  const sessions = asArray(chatStore(value)?.sessions) ?? [];
  const clock = backupClock(sessions);
  readConversations(output, sessions, (index) => [CHAT_STORE, "sessions", index], {
    accepts: isObject,
    notAConversation: { code: "not-a-conversation", app: "NextChat" },
    titleOf: (session) => asString(session.topic) ?? "",
    read(session, at) {
      const index = at[at.length - 1] as number;
      const draft = readSession(session, at, output.warnings, clock, clock.offsetOf(index));
      return ok(draft.messages.length > 0 ? draft : undefined);
    },
  });
  return output;
}
