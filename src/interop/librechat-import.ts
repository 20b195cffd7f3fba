import * as z from "zod";
import type { JsonObject, JsonValue } from "../core/json.ts";
import { ok, type Result } from "../core/result.ts";
import type { DraftConversation } from "./conversation-draft.ts";
import { readOneOrMany } from "./conversation-list.ts";
import type { ImportIssue } from "./import-issue.ts";
import { jsonPath } from "./import-issue.ts";
import { ImportNotes } from "./import-note.ts";
import { toIsoTime } from "./import-time.ts";
import { type ImportedNode, keepWholeTree } from "./imported-tree.ts";
import type { ImporterOutput, ImportFormat } from "./importer.ts";
import { asString, isObject } from "./json-read.ts";
import { fenced } from "./markdown-blocks.ts";
import { parseAt } from "./zod-read.ts";

const part = z.looseObject({
  type: z.string(),
  text: z.union([z.string(), z.looseObject({ value: z.string() })]).optional(),
  tool_call: z
    .looseObject({ name: z.string().nullish(), args: z.unknown(), output: z.string().nullish() })
    .optional(),
});

const messageSchema = z.looseObject({
  messageId: z.string().min(1),
  parentMessageId: z.string().nullish(),
  isCreatedByUser: z.boolean().nullish(),
  text: z.string().nullish(),
  content: z.array(z.unknown()).nullish(),
  model: z.string().nullish(),
  createdAt: z.string().nullish(),
  error: z.boolean().nullish(),
  unfinished: z.boolean().nullish(),
  children: z.array(z.unknown()).optional(),
});

const fileSchema = z.looseObject({
  conversationId: z.string().min(1),
  title: z.string().nullish(),
  branches: z.boolean().optional(),
  recursive: z.boolean().optional(),
  options: z
    .looseObject({ model: z.string().nullish(), promptPrefix: z.string().nullish() })
    .nullish(),
  messages: z.array(z.unknown()).optional(),
  messagesTree: z.array(z.unknown()).optional(),
});

/**
 * The key that holds the messages: `messages`, or `messagesTree`, which LibreChat's export
 * writes for a nested tree that is not a list and its own importer reads.
 */
function messagesKey(value: JsonObject): "messages" | "messagesTree" | undefined {
  if (Array.isArray(value.messages)) return "messages";
  return Array.isArray(value.messagesTree) ? "messagesTree" : undefined;
}

/** LibreChat's conversation export: `conversationId` and `messages`, nested or flat. */
export function isLibreChatExport(value: JsonValue | undefined): value is JsonObject {
  return isObject(value) && "conversationId" in value && messagesKey(value) !== undefined;
}

export function libreChatFormat(value: JsonValue): ImportFormat {
  const branches = isObject(value) && value.branches === true;
  return { id: "librechat", kind: branches ? "all-branches" : "one-branch" };
}

/** The text of an agent's content parts; reasoning is left out, tool calls are kept as text. */
function partsText(
  parts: readonly unknown[],
  at: Array<string | number>,
  notes: ImportNotes,
): Result<string, ImportIssue> {
  const out: string[] = [];
  for (const [index, raw] of parts.entries()) {
    const parsed = parseAt(part, raw, [...at, index]);
    if (!parsed.ok) return parsed;
    const item = parsed.value;
    if (item.type === "text" && item.text !== undefined)
      out.push(typeof item.text === "string" ? item.text : item.text.value);
    else if (item.type === "think") notes.add("thinking-left-out");
    else if (item.type === "tool_call" && item.tool_call) {
      const args = item.tool_call.args;
      const call = `${item.tool_call.name ?? "tool"}: ${typeof args === "string" ? args : JSON.stringify(args ?? {})}`;
      out.push(fenced([call, item.tool_call.output ?? ""].filter((t) => t !== "").join("\n\n")));
      notes.add("tool-call-as-text");
    } else notes.add("blocks-left-out", 1, item.type);
  }
  return ok(out.join("\n\n"));
}

/** The parent LibreChat writes for a conversation's first message (its `Constants.NO_PARENT`). */
const NO_PARENT = "00000000-0000-0000-0000-000000000000";

const rootless = (parent: string | null | undefined) =>
  parent === NO_PARENT ? undefined : (parent ?? undefined);

function readExport(
  value: JsonObject,
  at: Array<string | number>,
): Result<DraftConversation, ImportIssue> {
  const parsedFile = parseAt(fileSchema, value, at);
  if (!parsedFile.ok) return parsedFile;
  const file = parsedFile.value;
  const nodes: ImportedNode[] = [];
  const nodeNotes = new Map<string, ImportNotes>();
  type Pending = { raw: unknown; where: Array<string | number>; parent?: string };
  const key = messagesKey(value) ?? "messages";
  const stack: Pending[] = (file[key] ?? [])
    .map((raw, index) => ({ raw, where: [...at, key, index] }))
    .reverse();
  for (let next = stack.pop(); next; next = stack.pop()) {
    const parsed = parseAt(messageSchema, next.raw, next.where);
    if (!parsed.ok) return parsed;
    const message = parsed.value;
    const notes = new ImportNotes();
    const fromParts = message.content
      ? partsText(message.content, [...next.where, "content"], notes)
      : ok("");
    if (!fromParts.ok) return fromParts;
    const user = message.isCreatedByUser === true;
    const id = message.messageId;
    nodeNotes.set(id, notes);
    nodes.push({
      id,
      parentId: file.recursive ? next.parent : rootless(message.parentMessageId),
      path: jsonPath(next.where),
      sourceId: id,
      role: user ? "user" : "assistant",
      content: message.text || fromParts.value,
      createdAt: toIsoTime(message.createdAt),
      ...(!user && message.model ? { model: message.model } : {}),
      ...(!user && message.error ? { status: "error" as const } : {}),
      ...(!user && !message.error && message.unfinished ? { status: "interrupted" as const } : {}),
    });
    const children = message.children ?? [];
    for (let index = children.length - 1; index >= 0; index--)
      stack.push({ raw: children[index], where: [...next.where, "children", index], parent: id });
  }
  const notes = new ImportNotes();
  const tree = keepWholeTree({ nodes }, notes, nodeNotes);
  const metadata: JsonObject = {};
  if (file.options?.model) metadata.model = file.options.model;
  if (file.options?.promptPrefix) metadata.system_prompt = file.options.promptPrefix;
  return ok({
    path: jsonPath(at),
    sourceId: file.conversationId,
    title: file.title ?? "",
    messages: tree.nodes,
    leafId: tree.leafId,
    metadata,
    notes: notes.list(),
  });
}

export function readLibreChat(value: JsonValue): ImporterOutput {
  return readOneOrMany(value, {
    accepts: isLibreChatExport,
    notAConversation: {
      code: "conversation-fields-missing",
      app: "LibreChat",
      fields: "conversationId, messages",
    },
    titleOf: (item) => asString(item.title) ?? "",
    read: readExport,
  });
}
