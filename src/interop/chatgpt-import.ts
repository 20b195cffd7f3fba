import type { JsonObject, JsonValue } from "../core/json.ts";
import type { ToolCall } from "../core/message.ts";
import type { DraftConversation, DraftMessage } from "./conversation-draft.ts";
import { isOneOrMany, readOneOrMany } from "./conversation-list.ts";
import { ConversationProblem, jsonPath } from "./import-issue.ts";
import { ImportNotes } from "./import-note.ts";
import { toIsoTime } from "./import-time.ts";
import type { ImporterOutput } from "./importer.ts";
import { asArray, asId, asString, isObject, partTexts } from "./json-read.ts";
import { settleToolCalls } from "./tool-pairing.ts";

const HIDDEN_TYPES = new Set([
  "thoughts",
  "reasoning_recap",
  "user_editable_context",
  "model_editable_context",
]);

function isConversation(value: JsonValue | undefined): value is JsonObject {
  return isObject(value) && isObject(value.mapping) && "current_node" in value;
}

/** ChatGPT's `conversations.json`: an array of conversations, or one conversation object. */
export function isChatGptExport(value: JsonValue): boolean {
  return isOneOrMany(value, isConversation);
}

function partsText(parts: JsonValue[]): string {
  return partTexts(parts, (part) => {
    const type = asString(part.content_type);
    return type === undefined ? undefined : type.includes("image") ? "[image]" : `[${type}]`;
  })
    .filter((t) => t !== "")
    .join("\n");
}

/** The visible text of a message's content, or undefined when this kind of content is not kept. */
function contentOf(
  content: JsonObject,
): { text: string; code?: string; language?: string } | undefined {
  const type = asString(content.content_type) ?? "text";
  if (HIDDEN_TYPES.has(type)) return undefined;
  if (type === "code") {
    const language = asString(content.language);
    return {
      text: asString(content.text) ?? "",
      code: asString(content.text) ?? "",
      ...(language && language !== "unknown" ? { language } : {}),
    };
  }
  if (type === "tether_browsing_display") return { text: asString(content.result) ?? "" };
  const parts = asArray(content.parts);
  if (parts) return { text: partsText(parts) };
  const text = asString(content.text) ?? asString(content.result);
  return text === undefined ? undefined : { text };
}

/** The nodes from the root to `current_node`: the branch the user last saw. */
function visibleBranch(mapping: JsonObject, current: string): Array<[string, JsonObject]> {
  const branch: Array<[string, JsonObject]> = [];
  const seen = new Set<string>();
  let id: string | undefined = current;
  while (id !== undefined && !seen.has(id)) {
    seen.add(id);
    const node: JsonValue | undefined = Object.hasOwn(mapping, id) ? mapping[id] : undefined;
    if (!isObject(node)) break;
    branch.push([id, node]);
    id = asString(node.parent);
  }
  return branch.reverse();
}

/** What one node of `mapping` shows, or undefined when the ChatGPT page shows nothing for it. */
type NodeMessage =
  | { kind: "call"; message: JsonObject; recipient: string; text: string }
  | { kind: "tool"; message: JsonObject; name: string | undefined; text: string }
  | { kind: "text"; message: JsonObject; role: "user" | "assistant" | "system"; text: string };

function nodeMessage(node: JsonObject): NodeMessage | undefined {
  const message = node.message;
  if (!isObject(message) || !isObject(message.content)) return undefined;
  const metadata = isObject(message.metadata) ? message.metadata : {};
  if (metadata.is_visually_hidden_from_conversation === true) return undefined;
  const content = contentOf(message.content);
  if (!content) return undefined;
  const author = isObject(message.author) ? message.author : {};
  const role = asString(author.role);
  const recipient = asString(message.recipient) ?? "all";
  if (role === "assistant" && recipient !== "all")
    return { kind: "call", message, recipient, text: content.text };
  if (role === "tool")
    return { kind: "tool", message, name: asString(author.name), text: content.text };
  if (role !== "user" && role !== "assistant" && role !== "system") return undefined;
  const text =
    content.code !== undefined
      ? `\`\`\`${content.language ?? ""}\n${content.code}\n\`\`\``
      : content.text;
  return text.trim() === "" ? undefined : { kind: "text", message, role, text };
}

/** Messages the page would show on branches other than the one last seen (edits, regenerations). */
function otherBranchMessages(mapping: JsonObject, shown: ReadonlySet<string>): number {
  let count = 0;
  for (const [id, node] of Object.entries(mapping))
    if (!shown.has(id) && isObject(node) && nodeMessage(node)) count++;
  return count;
}

function readConversation(value: JsonObject, at: Array<string | number>): DraftConversation {
  const mapping = value.mapping as JsonObject;
  const current = asString(value.current_node);
  if (current === undefined || !Object.hasOwn(mapping, current))
    throw new ConversationProblem(
      jsonPath([...at, "current_node"]),
      "current_node does not name a node of mapping.",
    );
  const notes = new ImportNotes();
  const messages: DraftMessage[] = [];
  const pending: ToolCall[] = [];
  let lastReply: string | undefined;
  const branch = visibleBranch(mapping, current);
  for (const [nodeId, node] of branch) {
    const read = nodeMessage(node);
    if (!read) {
      if (isObject(node.message) && isObject(node.message.content))
        if (node.message.content.content_type === "thoughts") notes.add("thinking-left-out");
      continue;
    }
    const { message } = read;
    const metadata = isObject(message.metadata) ? message.metadata : {};
    const path = jsonPath([...at, "mapping", nodeId, "message"]);
    const sourceId = asString(message.id) ?? nodeId;
    const createdAt = toIsoTime(message.create_time);
    const model = asString(metadata.model_slug);
    if (read.kind === "call") {
      const call = { id: sourceId, name: read.recipient, arguments: read.text };
      pending.length = 0;
      pending.push(call);
      messages.push({
        path,
        sourceId,
        role: "assistant",
        content: "",
        createdAt,
        toolCalls: [call],
        model,
      });
    } else if (read.kind === "tool") {
      const index = pending.findLastIndex((c) => c.name === read.name);
      const call = pending.splice(index === -1 ? pending.length - 1 : index, 1)[0];
      const previous = messages.at(-1);
      if (
        !call &&
        previous?.role === "tool" &&
        previous.toolCallId &&
        previous.path === lastReply
      ) {
        // Browsing answers one call with several results (quotes); they are one result here.
        previous.content = [previous.content, read.text].filter((t) => t !== "").join("\n\n");
        continue;
      }
      const toolMessage: DraftMessage = {
        path,
        sourceId,
        role: "tool",
        content: read.text,
        createdAt,
      };
      if (call) toolMessage.toolCallId = call.id;
      lastReply = path;
      messages.push(toolMessage);
    } else {
      // A call is answered within its turn or not at all: later results cannot reach it.
      pending.length = 0;
      messages.push({
        path,
        sourceId,
        role: read.role,
        content: read.text,
        createdAt,
        model: read.role === "assistant" ? model : undefined,
      });
    }
  }
  notes.add("other-branches", otherBranchMessages(mapping, new Set(branch.map(([id]) => id))));
  const sourceId = asId(value.id) ?? asId(value.conversation_id) ?? jsonPath(at);
  return {
    path: jsonPath(at),
    sourceId,
    title: asString(value.title) ?? "",
    createdAt: toIsoTime(value.create_time),
    updatedAt: toIsoTime(value.update_time),
    messages: settleToolCalls(messages, notes),
    notes: notes.list(),
  };
}

export function readChatGpt(value: JsonValue): ImporterOutput {
  return readOneOrMany(value, {
    accepts: isConversation,
    notAConversation: "This is not a ChatGPT conversation (no mapping and current_node).",
    titleOf: (item) => asString(item.title) ?? "",
    read: readConversation,
  });
}
