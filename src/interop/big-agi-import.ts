import * as z from "zod";
import type { JsonObject, JsonValue } from "../core/json.ts";
import { ok, type Result } from "../core/result.ts";
import { flashChats, isBigAgiFlash } from "./big-agi-flash.ts";
import type { DraftConversation } from "./conversation-draft.ts";
import { type ConversationReader, readConversations } from "./conversation-list.ts";
import type { ImportIssue } from "./import-issue.ts";
import { jsonPath } from "./import-issue.ts";
import { ImportNotes } from "./import-note.ts";
import { toIsoTime } from "./import-time.ts";
import { type ImportedNode, keepWholeTree } from "./imported-tree.ts";
import { emptyOutput, type ImporterOutput, type ImportFormat } from "./importer.ts";
import { asArray, asString, isObject } from "./json-read.ts";
import { escapeMarkdown, quotedFile } from "./markdown-blocks.ts";
import { parseAt } from "./zod-read.ts";

const fragmentSchema = z.looseObject({
  ft: z.string(),
  title: z.string().nullish(),
  part: z
    .looseObject({
      pt: z.string(),
      text: z.string().nullish(),
      error: z.string().nullish(),
      data: z.looseObject({ text: z.string().nullish() }).nullish(),
    })
    .nullish(),
});

const messageSchema = z.looseObject({
  id: z.string().min(1).optional(),
  role: z.enum(["user", "assistant", "system"]),
  text: z.string().nullish(),
  fragments: z.array(z.unknown()).nullish(),
  generator: z.looseObject({ name: z.string().nullish() }).nullish(),
  originLLM: z.string().nullish(),
  created: z.number().nullish(),
  pendingIncomplete: z.boolean().nullish(),
});

const conversationSchema = z.looseObject({
  id: z.string().min(1),
  messages: z.array(z.unknown()),
  userTitle: z.string().nullish(),
  autoTitle: z.string().nullish(),
  created: z.number().nullish(),
  updated: z.number().nullish(),
});

/** big-AGI's own shape of a conversation: `messages`, with its persona (`systemPurposeId`) or times. */
function isChat(value: JsonValue | undefined): value is JsonObject {
  return (
    isObject(value) &&
    Array.isArray(value.messages) &&
    ("systemPurposeId" in value || ("created" in value && "autoTitle" in value))
  );
}

function isBackup(value: JsonValue): value is JsonObject {
  return (
    isObject(value) && !("messages" in value) && (asArray(value.conversations) ?? []).some(isChat)
  );
}

/**
 * A big-AGI chat (`*.agi.json`), a backup of all of them (`backup_chats_*.agi.json`), or big-AGI
 * 2's whole-app backup (the Flash File).
 */
export function isBigAgiExport(value: JsonValue): boolean {
  return isChat(value) || isBackup(value) || isBigAgiFlash(value);
}

export function bigAgiFormat(value: JsonValue): ImportFormat {
  return { id: "big-agi", kind: isBackup(value) || isBigAgiFlash(value) ? "backup" : "chat" };
}

export function countBigAgi(value: JsonValue): number {
  if (isBigAgiFlash(value)) {
    const chats = flashChats(value);
    return chats.ok ? chats.value.conversations.length : 0;
  }
  return isBackup(value) ? (asArray(value.conversations)?.length ?? 0) : 1;
}

/**
 * A message's text from its fragments, reasoning left out; a user's attached documents become
 * text attachments (`files`), another role's are quoted in the text.
 */
function fragmentsText(
  fragments: readonly unknown[],
  at: Array<string | number>,
  notes: ImportNotes,
  attaches: boolean,
): Result<{ content: string; files: { name: string; text: string }[] }, ImportIssue> {
  const out: string[] = [];
  const files: { name: string; text: string }[] = [];
  for (const [index, raw] of fragments.entries()) {
    const parsed = parseAt(fragmentSchema, raw, [...at, index]);
    if (!parsed.ok) return parsed;
    const { ft, title, part } = parsed.value;
    const pt = part?.pt ?? "";
    if (ft === "void") {
      if (pt === "ma") notes.add("thinking-left-out");
    } else if (pt === "text" || pt === "error") out.push(part?.text ?? part?.error ?? "");
    else if (pt === "image_ref") out.push("[image]");
    else if (ft === "attachment" && part?.data?.text && attaches)
      files.push({ name: title || "document.txt", text: part.data.text });
    else if (ft === "attachment" && part?.data?.text) {
      out.push(quotedFile(title ?? "", part.data.text));
      notes.add("attachment-text-quoted");
    } else if (ft === "attachment") {
      out.push(`[${escapeMarkdown(title ?? pt)}]`);
      notes.add("file-named-only");
    } else notes.add("blocks-left-out", 1, pt || ft);
  }
  return ok({ content: out.filter((t) => t !== "").join("\n\n"), files });
}

function readChat(
  value: JsonObject,
  at: Array<string | number>,
): Result<DraftConversation, ImportIssue> {
  const parsedChat = parseAt(conversationSchema, value, at);
  if (!parsedChat.ok) return parsedChat;
  const chat = parsedChat.value;
  const notes = new ImportNotes();
  const nodes: ImportedNode[] = [];
  for (const [index, raw] of chat.messages.entries()) {
    const where = [...at, "messages", index];
    const parsed = parseAt(messageSchema, raw, where);
    if (!parsed.ok) return parsed;
    const message = parsed.value;
    const text = message.fragments
      ? fragmentsText(message.fragments, [...where, "fragments"], notes, message.role === "user")
      : ok({ content: message.text ?? "", files: [] });
    if (!text.ok) return text;
    const { content, files } = text.value;
    const model = message.generator?.name ?? message.originLLM ?? undefined;
    if (message.role === "system") notes.add("system-kept");
    nodes.push({
      id: String(index),
      parentId: index === 0 ? undefined : String(index - 1),
      path: jsonPath(where),
      ...(message.id ? { sourceId: message.id } : {}),
      role: message.role,
      content,
      ...(files.length > 0 ? { textFiles: files } : {}),
      createdAt: toIsoTime(message.created, "milliseconds"),
      ...(message.role === "assistant" && model ? { model } : {}),
      ...(message.role === "assistant" && message.pendingIncomplete
        ? { status: "interrupted" as const }
        : {}),
    });
  }
  const tree = keepWholeTree({ nodes }, notes);
  return ok({
    path: jsonPath(at),
    sourceId: chat.id,
    title: chat.userTitle || chat.autoTitle || "",
    createdAt: toIsoTime(chat.created, "milliseconds"),
    updatedAt: toIsoTime(chat.updated, "milliseconds"),
    messages: tree.nodes,
    leafId: tree.leafId,
    notes: notes.list(),
  });
}

const chatReader: ConversationReader = {
  accepts: isObject,
  notAConversation: { code: "not-a-conversation", app: "big-AGI" },
  titleOf: (item) => asString(item.userTitle) || asString(item.autoTitle) || "",
  read: readChat,
};

/**
 * The backup's other parts are never read: `models.sources` holds the API keys, as the Flash
 * File's localStorage does. A Flash File whose chats cannot be read is refused whole.
 */
export function readBigAgi(value: JsonValue): Result<ImporterOutput, ImportIssue> {
  const output = emptyOutput();
  if (isBigAgiFlash(value)) {
    const chats = flashChats(value);
    if (!chats.ok) return chats;
    const { conversations, at } = chats.value;
    readConversations(output, conversations, (index) => [...at, index], chatReader);
    return ok(output);
  }
  const backup = isBackup(value);
  const items = backup ? (asArray(value.conversations) ?? []) : [value];
  readConversations(output, items, (index) => (backup ? ["conversations", index] : []), chatReader);
  return ok(output);
}
