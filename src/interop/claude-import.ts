import type { JsonObject, JsonValue } from "../core/json.ts";
import type { DraftConversation, DraftMessage } from "./conversation-draft.ts";
import { isOneOrMany, readOneOrMany } from "./conversation-list.ts";
import { ConversationProblem, jsonPath } from "./import-issue.ts";
import { toIsoTime } from "./import-time.ts";
import type { ImporterOutput } from "./importer.ts";
import { asArray, asId, asString, contentText, isObject } from "./json-read.ts";
import { settleToolCalls } from "./tool-pairing.ts";

function isConversation(value: JsonValue | undefined): value is JsonObject {
  return isObject(value) && Array.isArray(value.chat_messages);
}

/** Claude's `conversations.json`: an array of conversations with `chat_messages`. */
export function isClaudeExport(value: JsonValue): boolean {
  return isOneOrMany(value, isConversation);
}

/** One Claude message becomes one or more Parley messages, following its content blocks in order. */
function readMessage(message: JsonObject, path: Array<string | number>): DraftMessage[] {
  const sender = asString(message.sender);
  const role =
    sender === "human" || sender === "user"
      ? "user"
      : sender === "assistant"
        ? "assistant"
        : undefined;
  const at = jsonPath(path);
  if (!role)
    throw new ConversationProblem(
      `${at}.sender`,
      `The sender "${sender ?? ""}" is neither human nor assistant.`,
    );
  const sourceId = asString(message.uuid);
  const createdAt = toIsoTime(message.created_at);
  const blocks = asArray(message.content);
  if (!blocks || blocks.length === 0)
    return [
      {
        path: at,
        ...(sourceId ? { sourceId } : {}),
        role,
        content: asString(message.text) ?? "",
        createdAt,
      },
    ];
  const out: DraftMessage[] = [];
  let text: string[] = [];
  let part = 0;
  const idFor = () => (sourceId ? `${sourceId}${part++ === 0 ? "" : `-${part - 1}`}` : undefined);
  const flush = (extra?: Partial<DraftMessage>) => {
    const content = text.filter((t) => t !== "").join("\n\n");
    if (content === "" && !extra) return;
    const id = idFor();
    out.push({ path: at, ...(id ? { sourceId: id } : {}), role, content, createdAt, ...extra });
    text = [];
  };
  blocks.forEach((block) => {
    if (!isObject(block)) return;
    const type = asString(block.type);
    if (type === "text") text.push(asString(block.text) ?? "");
    else if (type === "tool_use") {
      const id = asString(block.id) ?? `${sourceId ?? "call"}-${out.length}`;
      const args = JSON.stringify(isObject(block.input) ? block.input : {});
      flush({ toolCalls: [{ id, name: asString(block.name) ?? "tool", arguments: args }] });
    } else if (type === "tool_result") {
      flush();
      const result: DraftMessage = {
        path: at,
        role: "tool",
        content: contentText(block.content),
        createdAt,
      };
      const callId = asString(block.tool_use_id);
      if (callId) result.toolCallId = callId;
      const id = idFor();
      if (id) result.sourceId = id;
      out.push(result);
    } else if (type === "image") text.push("[image]");
  });
  flush();
  return out;
}

function readConversation(value: JsonObject, at: Array<string | number>): DraftConversation {
  const messages: DraftMessage[] = [];
  (value.chat_messages as JsonValue[]).forEach((message, index) => {
    if (isObject(message)) messages.push(...readMessage(message, [...at, "chat_messages", index]));
  });
  return {
    path: jsonPath(at),
    sourceId: asId(value.uuid) ?? jsonPath(at),
    title: asString(value.name) ?? "",
    createdAt: toIsoTime(value.created_at),
    updatedAt: toIsoTime(value.updated_at),
    messages: settleToolCalls(messages),
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
