import type { JsonObject, JsonValue } from "../core/json.ts";
import type { ToolCall } from "../core/message.ts";
import { linkCitations } from "./chatgpt-citations.ts";
import {
  imagesNotHeld,
  nodeMessage,
  otherBranchMessages,
  visibleBranch,
} from "./chatgpt-mapping.ts";
import type { DraftConversation, DraftMessage } from "./conversation-draft.ts";
import { isOneOrMany, readOneOrMany } from "./conversation-list.ts";
import { ConversationProblem, jsonPath } from "./import-issue.ts";
import { ImportNotes } from "./import-note.ts";
import { toIsoTime } from "./import-time.ts";
import type { ImporterOutput } from "./importer.ts";
import { asId, asString, isObject } from "./json-read.ts";
import { settleToolCalls } from "./tool-pairing.ts";

function isConversation(value: JsonValue | undefined): value is JsonObject {
  return isObject(value) && isObject(value.mapping) && "current_node" in value;
}

/** ChatGPT's `conversations.json`: an array of conversations, or one conversation object. */
export function isChatGptExport(value: JsonValue): boolean {
  return isOneOrMany(value, isConversation);
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
  const defaultModel = asString(value.default_model_slug);
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
    notes.add("images-not-in-export", imagesNotHeld(message));
    const metadata = isObject(message.metadata) ? message.metadata : {};
    const path = jsonPath([...at, "mapping", nodeId, "message"]);
    const sourceId = asString(message.id) ?? nodeId;
    const createdAt = toIsoTime(message.create_time);
    const model =
      asString(metadata.model_slug) ?? asString(metadata.default_model_slug) ?? defaultModel;
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
      const cited = read.role === "assistant" ? linkCitations(read.text, metadata) : undefined;
      notes.add("citations-linked", cited?.linked ?? 0);
      messages.push({
        path,
        sourceId,
        role: read.role,
        content: cited?.text ?? read.text,
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
