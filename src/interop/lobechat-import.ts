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
import { asArray, asString, isObject } from "./json-read.ts";
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
  createdAt: z.number().nullish(),
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

const named = z.looseObject({ id: z.string(), title: z.string().nullish() });
const sessionSchema = z.looseObject({
  id: z.string(),
  meta: z.looseObject({ title: z.string().nullish() }).nullish(),
  config: z
    .looseObject({ model: z.string().nullish(), systemRole: z.string().nullish() })
    .nullish(),
});

/** A LobeChat export (`exportType` and `state`); only its sessions, topics and messages are read, never its settings. */
export function isLobeChatExport(value: JsonValue): boolean {
  return isObject(value) && typeof value.exportType === "string" && isObject(value.state);
}

interface Conversation {
  key: string;
  sessionId: string;
  topicId: string | undefined;
  indexes: number[];
}

/** LobeChat keeps a session's messages in topics; those outside any topic are the session's own. */
function conversationsOf(value: JsonValue): { state: JsonObject; list: Conversation[] } {
  const state = isObject(value) && isObject(value.state) ? value.state : {};
  const groups = new Map<string, Conversation>();
  (asArray(state.messages) ?? []).forEach((message, index) => {
    const item = isObject(message) ? message : {};
    const sessionId = asString(item.sessionId) ?? "inbox";
    const topicId = asString(item.topicId);
    const key = topicId ?? `${sessionId}:default`;
    const group = groups.get(key) ?? { key, sessionId, topicId, indexes: [] };
    group.indexes.push(index);
    groups.set(key, group);
  });
  return { state, list: [...groups.values()] };
}

export function countLobeChat(value: JsonValue): number {
  return conversationsOf(value).list.length;
}

function byId<T extends { id: string }>(items: JsonValue[] | undefined, schema: z.ZodType<T>) {
  const out = new Map<string, T>();
  for (const item of items ?? []) {
    const parsed = schema.safeParse(item);
    if (parsed.success) out.set(parsed.data.id, parsed.data);
  }
  return out;
}

function readGroup(
  group: Conversation,
  raw: JsonValue[],
  title: string,
  metadata: JsonObject,
): Result<DraftConversation, ImportIssue> {
  const notes = new ImportNotes();
  const nodes: ImportedNode[] = [];
  const messages: Array<{ index: number; message: z.output<typeof messageSchema> }> = [];
  for (const index of group.indexes) {
    const parsed = parseAt(messageSchema, raw[index], ["state", "messages", index]);
    if (!parsed.ok) return parsed;
    messages.push({ index, message: parsed.value });
  }
  messages.sort((a, b) => (a.message.createdAt ?? 0) - (b.message.createdAt ?? 0));
  const linked = messages.some(({ message }) => message.parentId);
  let previous: string | undefined;
  for (const { index, message } of messages) {
    const role = ROLES[message.role];
    const model = message.model ?? message.extra?.fromModel ?? undefined;
    const node: ImportedNode = {
      id: message.id,
      parentId: linked ? (message.parentId ?? undefined) : previous,
      path: jsonPath(["state", "messages", index]),
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
    if (role === "tool" && message.tool_call_id) node.toolCallId = message.tool_call_id;
    if (role === "system") notes.add("system-kept");
    nodes.push(node);
    previous = message.id;
  }
  const tree = keepWholeTree({ nodes }, notes);
  const settled = settleToolCalls(tree.nodes, notes);
  return ok({
    path: jsonPath(["state", "messages", group.indexes[0] ?? 0]),
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
  const { state, list } = conversationsOf(value);
  const raw = asArray(state.messages) ?? [];
  const topics = byId(asArray(state.topics), named);
  const sessions = byId(asArray(state.sessions), sessionSchema);
  for (const group of list) {
    const session = sessions.get(group.sessionId);
    const title =
      (group.topicId ? topics.get(group.topicId)?.title : undefined) ?? session?.meta?.title ?? "";
    const metadata: JsonObject = {};
    if (session?.config?.model) metadata.model = session.config.model;
    if (session?.config?.systemRole) metadata.system_prompt = session.config.systemRole;
    const read = readGroup(group, raw, title, metadata);
    if (read.ok) output.drafts.push(read.value);
    else output.failures.push({ ...read.error, title });
  }
  return output;
}
