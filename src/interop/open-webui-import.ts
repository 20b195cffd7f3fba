import * as z from "zod";
import type { JsonObject, JsonValue } from "../core/json.ts";
import { ok, type Result } from "../core/result.ts";
import type { DraftConversation } from "./conversation-draft.ts";
import { isOneOrMany, readOneOrMany } from "./conversation-list.ts";
import type { ImportIssue } from "./import-issue.ts";
import { jsonPath } from "./import-issue.ts";
import { ImportNotes } from "./import-note.ts";
import { toIsoTime } from "./import-time.ts";
import { type ImportedNode, keepWholeTree } from "./imported-tree.ts";
import type { ImporterOutput } from "./importer.ts";
import { asString, isObject } from "./json-read.ts";
import { openWebUiText } from "./open-webui-content.ts";
import { parseAt } from "./zod-read.ts";

const time = z.number().nullish();

const messageSchema = z.looseObject({
  id: z.string().min(1).optional(),
  parentId: z.string().nullish(),
  role: z.enum(["user", "assistant", "system"]),
  content: z.string().nullish(),
  model: z.string().nullish(),
  timestamp: time,
  error: z.unknown().optional(),
  files: z
    .array(z.looseObject({ type: z.string().nullish(), name: z.string().nullish() }))
    .nullish(),
});

const historySchema = z.looseObject({
  currentId: z.string().nullish(),
  messages: z.record(z.string(), z.unknown()),
});

const chatSchema = z.looseObject({
  id: z.string().min(1),
  title: z.string().nullish(),
  created_at: time,
  updated_at: time,
  chat: z.looseObject({ title: z.string().nullish(), history: historySchema }),
});

/** A chat as Open WebUI kept it in the browser before it had a server (`timestamp` in ms). */
const legacyChatSchema = z.looseObject({
  id: z.string().nullish(),
  title: z.string().nullish(),
  timestamp: time,
  history: historySchema,
});

function isWrapped(value: JsonValue | undefined): value is JsonObject {
  return isObject(value) && isObject(value.chat) && isObject(value.chat.history);
}

/**
 * A chat without the server's wrapper: what "Download & Delete" of the chats kept in the browser
 * wrote, which Open WebUI's own import still reads.
 */
function isLegacy(value: JsonValue | undefined): value is JsonObject {
  return isObject(value) && isObject(value.history) && isObject(value.history.messages);
}

function isChat(value: JsonValue | undefined): value is JsonObject {
  return isWrapped(value) || isLegacy(value);
}

/** Open WebUI's chat export (`chat-export-*.json`): a list of chats, or one chat. */
export function isOpenWebUiExport(value: JsonValue): boolean {
  return isOneOrMany(value, isChat);
}

interface ChatParts {
  id: string;
  title: string;
  createdAt: string | undefined;
  updatedAt: string | undefined;
  history: z.output<typeof historySchema>;
  /** Where `history` is in the file. */
  at: Array<string | number>;
}

function chatParts(value: JsonObject, at: Array<string | number>): Result<ChatParts, ImportIssue> {
  if (!isWrapped(value)) {
    const parsed = parseAt(legacyChatSchema, value, at);
    if (!parsed.ok) return parsed;
    const chat = parsed.value;
    const created = toIsoTime(chat.timestamp, "milliseconds");
    return ok({
      id: chat.id || jsonPath(at),
      title: chat.title ?? "",
      createdAt: created,
      updatedAt: created,
      history: chat.history,
      at: [...at, "history"],
    });
  }
  const parsed = parseAt(chatSchema, value, at);
  if (!parsed.ok) return parsed;
  const chat = parsed.value;
  return ok({
    id: chat.id,
    title: chat.title ?? chat.chat.title ?? "",
    createdAt: toIsoTime(chat.created_at),
    updatedAt: toIsoTime(chat.updated_at),
    history: chat.chat.history,
    at: [...at, "chat", "history"],
  });
}

function filesText(files: z.output<typeof messageSchema>["files"], notes: ImportNotes): string[] {
  return (files ?? []).map((file) => {
    if (file.type === "image") return "[image]";
    notes.add("file-named-only");
    return `[${file.name ?? file.type ?? "file"}]`;
  });
}

function readChat(
  value: JsonObject,
  at: Array<string | number>,
): Result<DraftConversation, ImportIssue> {
  const parts = chatParts(value, at);
  if (!parts.ok) return parts;
  const chat = parts.value;
  const nodes: ImportedNode[] = [];
  const nodeNotes = new Map<string, ImportNotes>();
  for (const [key, raw] of Object.entries(chat.history.messages)) {
    const where = [...chat.at, "messages", key];
    const parsed = parseAt(messageSchema, raw, where);
    if (!parsed.ok) return parsed;
    const message = parsed.value;
    const notes = new ImportNotes();
    const id = message.id ?? key;
    const text = openWebUiText(message.content ?? "", notes);
    const content = [text, ...filesText(message.files, notes)].filter((t) => t !== "").join("\n\n");
    if (message.role === "system") notes.add("system-kept");
    nodeNotes.set(id, notes);
    nodes.push({
      id,
      parentId: message.parentId ?? undefined,
      path: jsonPath(where),
      sourceId: id,
      role: message.role,
      content,
      createdAt: toIsoTime(message.timestamp),
      ...(message.role === "assistant" && message.model ? { model: message.model } : {}),
      ...(message.role === "assistant" && message.error ? { status: "error" as const } : {}),
    });
  }
  const notes = new ImportNotes();
  const tree = { nodes, activeLeafId: chat.history.currentId ?? undefined };
  const whole = keepWholeTree(tree, notes, nodeNotes);
  return ok({
    path: jsonPath(at),
    sourceId: chat.id,
    title: chat.title,
    createdAt: chat.createdAt,
    updatedAt: chat.updatedAt,
    messages: whole.nodes,
    leafId: whole.leafId,
    notes: notes.list(),
  });
}

export function readOpenWebUi(value: JsonValue): ImporterOutput {
  return readOneOrMany(value, {
    accepts: isChat,
    notAConversation: {
      code: "conversation-fields-missing",
      app: "Open WebUI",
      fields: "chat.history",
    },
    titleOf: (item) => asString(item.title) ?? "",
    read: readChat,
  });
}
