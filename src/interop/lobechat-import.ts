import * as z from "zod";
import type { JsonObject, JsonValue } from "../core/json.ts";
import type { ToolCall } from "../core/message.ts";
import { ok, type Result } from "../core/result.ts";
import type { DraftConversation } from "./conversation-draft.ts";
import { type ImportIssue, jsonPath } from "./import-issue.ts";
import { ImportNotes } from "./import-note.ts";
import { toIsoTime } from "./import-time.ts";
import { type ImportedNode, keepWholeTree, keptLeaf } from "./imported-tree.ts";
import { emptyOutput, type ImporterOutput } from "./importer.ts";
import { asString, isObject } from "./json-read.ts";
import {
  isLobeChatConfigExport,
  isLobeChatDatabaseExport,
  type LobeTables,
  lobeTables,
  sessionOf,
} from "./lobechat-tables.ts";
import { settleToolCalls } from "./tool-pairing.ts";
import { parseAt } from "./zod-read.ts";

const ROLES = {
  user: "user",
  assistant: "assistant",
  system: "system",
  tool: "tool",
  function: "tool",
} as const;

const messageSchema = z.looseObject({
  id: z.string().min(1),
  role: z.enum(["user", "assistant", "system", "tool", "function"]),
  content: z.string().nullish(),
  parentId: z.string().nullish(),
  // Epoch milliseconds in the store export, a date string in the database export.
  createdAt: z.union([z.number(), z.string()]).nullish(),
  model: z.string().nullish(),
  extra: z.looseObject({ fromModel: z.string().nullish() }).nullish(),
  error: z.unknown().optional(),
  tool_call_id: z.string().nullish(),
  tools: z
    .array(
      z.looseObject({
        id: z.string(),
        apiName: z.string().nullish(),
        identifier: z.string().nullish(),
        arguments: z.string().nullish(),
      }),
    )
    .nullish(),
  reasoning: z
    .looseObject({ content: z.string().nullish(), duration: z.number().nullish().catch(null) })
    .nullish(),
});

/**
 * A LobeChat export (`exportType` and `state`, or the database export's `data` and
 * `schemaHash`); only its sessions, agents, topics and messages are read, never its settings.
 */
export function isLobeChatExport(value: JsonValue): boolean {
  return isLobeChatConfigExport(value) || isLobeChatDatabaseExport(value);
}

interface Conversation {
  key: string;
  sessionId: string;
  topicId: string | undefined;
  indexes: number[];
}

/** LobeChat keeps a session's messages in topics; those outside any topic are the session's own. */
function conversationsOf(tables: LobeTables): Conversation[] {
  const groups = new Map<string, Conversation>();
  tables.messages.forEach((message, index) => {
    const sessionId = sessionOf(message);
    const topicId = isObject(message) ? asString(message.topicId) : undefined;
    const key = topicId ?? `${sessionId}:default`;
    const group = groups.get(key) ?? { key, sessionId, topicId, indexes: [] };
    group.indexes.push(index);
    groups.set(key, group);
  });
  return [...groups.values()];
}

export function countLobeChat(value: JsonValue): number {
  return conversationsOf(lobeTables(value)).length;
}

function readGroup(
  group: Conversation,
  tables: LobeTables,
  title: string,
  metadata: JsonObject,
): Result<DraftConversation, ImportIssue> {
  const raw = tables.messages;
  const notes = new ImportNotes();
  const nodes: ImportedNode[] = [];
  const messages: Array<{ index: number; message: z.output<typeof messageSchema> }> = [];
  for (const index of group.indexes) {
    const parsed = parseAt(messageSchema, raw[index], [tables.root, "messages", index]);
    if (!parsed.ok) return parsed;
    messages.push({ index, message: parsed.value });
  }
  const time = (m: z.output<typeof messageSchema>) =>
    Date.parse(toIsoTime(m.createdAt, "milliseconds") ?? "") || 0;
  messages.sort((a, b) => time(a.message) - time(b.message));
  const linked = messages.some(({ message }) => message.parentId);
  let previous: string | undefined;
  for (const { index, message } of messages) {
    const role = ROLES[message.role];
    const model = message.model ?? message.extra?.fromModel ?? undefined;
    const node: ImportedNode = {
      id: message.id,
      parentId: linked ? (message.parentId ?? undefined) : previous,
      path: jsonPath([tables.root, "messages", index]),
      sourceId: message.id,
      role,
      content: message.content ?? "",
      createdAt: toIsoTime(message.createdAt, "milliseconds"),
    };
    if (role === "assistant" && message.reasoning?.content) {
      const duration = message.reasoning.duration;
      node.reasoning = {
        text: message.reasoning.content,
        ...(typeof duration === "number" ? { durationMs: duration } : {}),
      };
    } else if (message.reasoning?.content) notes.add("thinking-left-out");
    if (role === "assistant" && model) node.model = model;
    if (role === "assistant" && message.error) node.status = "error";
    const calls: ToolCall[] = (message.tools ?? []).map((tool) => ({
      id: tool.id,
      name: tool.apiName ?? tool.identifier ?? "tool",
      arguments: tool.arguments ?? "{}",
    }));
    if (role === "assistant" && calls.length > 0) node.toolCalls = calls;
    const answers = message.tool_call_id ?? tables.toolCallOf(message.id);
    if (role === "tool" && answers) node.toolCallId = answers;
    if (role === "system") notes.add("system-kept");
    nodes.push(node);
    previous = message.id;
  }
  const tree = keepWholeTree({ nodes }, notes);
  const settled = settleToolCalls(tree.nodes, notes);
  return ok({
    path: jsonPath([tables.root, "messages", group.indexes[0] ?? 0]),
    sourceId: group.key,
    title,
    messages: settled,
    leafId: keptLeaf(tree.nodes, settled, tree.leafId),
    metadata,
    notes: notes.list(),
  });
}

export function readLobeChat(value: JsonValue): ImporterOutput {
  const output = emptyOutput();
  const tables = lobeTables(value);
  for (const group of conversationsOf(tables)) {
    const session = tables.session(group.sessionId);
    const title =
      (group.topicId ? tables.topicTitle(group.topicId) : undefined) ?? session?.title ?? "";
    const metadata: JsonObject = {};
    if (session?.model) metadata.model = session.model;
    if (session?.systemRole) metadata.system_prompt = session.systemRole;
    const read = readGroup(group, tables, title, metadata);
    if (read.ok) output.drafts.push(read.value);
    else output.failures.push({ ...read.error, title });
  }
  return output;
}
