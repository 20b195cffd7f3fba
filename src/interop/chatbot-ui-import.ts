import type { JsonObject, JsonValue } from "../core/json.ts";
import { ok } from "../core/result.ts";
import type { DraftConversation, DraftMessage } from "./conversation-draft.ts";
import { readConversations } from "./conversation-list.ts";
import { type ImportIssue, jsonPath } from "./import-issue.ts";
import { emptyOutput, type ImporterOutput } from "./importer.ts";
import { asArray, asId, asString, contentText, isObject, plainRole } from "./json-read.ts";

function isConversation(value: JsonValue | undefined): value is JsonObject {
  return (
    isObject(value) &&
    typeof value.name === "string" &&
    Array.isArray(value.messages) &&
    "id" in value
  );
}

/**
 * The chatbot-ui export version: 1 is a bare array of conversations, 2 is `{history, folders}`,
 * 3 and 4 carry `version` (4 adds `prompts`); 5 holds no conversations.
 */
export function chatbotUiVersion(value: JsonValue): number | undefined {
  if (Array.isArray(value)) return value.some(isConversation) ? 1 : undefined;
  if (!isObject(value) || !("history" in value) || !("folders" in value)) {
    return isObject(value) && value.version === 5 && "prompts" in value && "folders" in value
      ? 5
      : undefined;
  }
  const history = value.history;
  if (history !== null && !Array.isArray(history)) return undefined;
  if (value.version === undefined) return 2;
  return value.version === 3 || value.version === 4 ? value.version : undefined;
}

function readConversation(
  value: JsonObject,
  at: Array<string | number>,
  warnings: ImportIssue[],
): DraftConversation {
  const messages: DraftMessage[] = [];
  (value.messages as JsonValue[]).forEach((item, index) => {
    if (!isObject(item)) return;
    const path = jsonPath([...at, "messages", index]);
    const role = plainRole(item, path, warnings);
    if (!role) return;
    messages.push({ path, role, content: contentText(item.content) });
  });
  const metadata: JsonObject = {};
  const model = isObject(value.model) ? asString(value.model.id) : undefined;
  if (model) metadata.model = model;
  const prompt = asString(value.prompt);
  if (prompt) metadata.system_prompt = prompt;
  return {
    path: jsonPath(at),
    sourceId: asId(value.id) ?? jsonPath(at),
    title: asString(value.name) ?? "",
    messages,
    metadata,
  };
}

export function readChatbotUi(value: JsonValue): ImporterOutput {
  const output = emptyOutput();
  const version = chatbotUiVersion(value);
  const list =
    version === 1 ? (value as JsonValue[]) : (asArray((value as JsonObject).history) ?? []);
  const base = version === 1 ? [] : ["history"];
  if (version === 5)
    output.warnings.push({
      path: "$",
      code: "prompts-only",
    });
  readConversations(output, list, (index) => [...base, index], {
    accepts: isConversation,
    notAConversation: {
      code: "conversation-fields-missing",
      app: "chatbot-ui",
      fields: "id, name, messages",
    },
    titleOf: (item) => asString(item.name) ?? "",
    read: (item, at) => ok(readConversation(item, at, output.warnings)),
  });
  return output;
}
