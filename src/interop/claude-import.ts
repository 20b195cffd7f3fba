import type { JsonObject, JsonValue } from "../core/json.ts";
import { readClaudeMessage } from "./claude-message.ts";
import type { DraftConversation, DraftMessage } from "./conversation-draft.ts";
import { isOneOrMany, readOneOrMany } from "./conversation-list.ts";
import { jsonPath } from "./import-issue.ts";
import { ImportNotes } from "./import-note.ts";
import { toIsoTime } from "./import-time.ts";
import type { ImporterOutput } from "./importer.ts";
import { asId, asString, isObject } from "./json-read.ts";
import { settleToolCalls } from "./tool-pairing.ts";

function isConversation(value: JsonValue | undefined): value is JsonObject {
  return isObject(value) && Array.isArray(value.chat_messages);
}

/** Claude's `conversations.json`: an array of conversations with `chat_messages`. */
export function isClaudeExport(value: JsonValue): boolean {
  return isOneOrMany(value, isConversation);
}

function readConversation(value: JsonObject, at: Array<string | number>): DraftConversation {
  const notes = new ImportNotes();
  const messages: DraftMessage[] = [];
  (value.chat_messages as JsonValue[]).forEach((message, index) => {
    if (isObject(message))
      messages.push(...readClaudeMessage(message, [...at, "chat_messages", index], notes));
  });
  const settled = settleToolCalls(messages, notes);
  return {
    path: jsonPath(at),
    sourceId: asId(value.uuid) ?? jsonPath(at),
    title: asString(value.name) ?? "",
    createdAt: toIsoTime(value.created_at),
    updatedAt: toIsoTime(value.updated_at),
    messages: settled,
    notes: notes.list(),
  };
}

export function readClaude(value: JsonValue): ImporterOutput {
  return readOneOrMany(value, {
    accepts: isConversation,
    notAConversation: "This is not a Claude conversation (no chat_messages).",
    titleOf: (item) => asString(item.name) ?? "",
    read: readConversation,
  });
}
