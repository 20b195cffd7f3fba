import type { JsonValue } from "../core/json.ts";
import { ok } from "../core/result.ts";
import { bigAgiFormat, countBigAgi, isBigAgiExport, readBigAgi } from "./big-agi-import.ts";
import { chatbotUiVersion, readChatbotUi } from "./chatbot-ui-import.ts";
import { isChatGptExport, readChatGpt } from "./chatgpt-import.ts";
import { isClaudeExport, readClaude } from "./claude-import.ts";
import type { Importer, ImportFormat, ImportFormatId } from "./importer.ts";
import { asArray, isObject } from "./json-read.ts";
import { isLibreChatExport, libreChatFormat, readLibreChat } from "./librechat-import.ts";
import { countLobeChat, isLobeChatExport, readLobeChat } from "./lobechat-import.ts";
import { isNativeExport, nativeFormat, readNative } from "./native-import.ts";
import { isNextChatBackup, readNextChat } from "./nextchat-import.ts";
import { isOpenWebUiExport, readOpenWebUi } from "./open-webui-import.ts";
import { isOpenAiMessages, readOpenAiMessages } from "./openai-messages-import.ts";

const withVersion = (id: ImportFormatId, version: number | undefined): ImportFormat =>
  version === undefined ? { id } : { id, version };

const listLength = (value: JsonValue) => (Array.isArray(value) ? value.length : 1);
const fieldLength = (key: string) => (value: JsonValue) =>
  isObject(value) ? (asArray(value[key])?.length ?? 0) : listLength(value);

/** Every format Parley reads from a single JSON document, tried in this order. */
export const IMPORTERS: readonly Importer[] = [
  {
    id: "parley",
    detect: isNativeExport,
    format: nativeFormat,
    read: readNative,
    count: fieldLength("sessions"),
  },
  {
    id: "chatgpt",
    detect: isChatGptExport,
    format: () => ({ id: "chatgpt" }),
    read: (value) => ok(readChatGpt(value)),
    count: listLength,
  },
  {
    id: "claude",
    detect: isClaudeExport,
    format: () => ({ id: "claude" }),
    read: (value) => ok(readClaude(value)),
    count: listLength,
  },
  {
    id: "open-webui",
    detect: isOpenWebUiExport,
    format: () => ({ id: "open-webui" }),
    read: (value) => ok(readOpenWebUi(value)),
    count: listLength,
  },
  {
    id: "librechat",
    detect: isLibreChatExport,
    format: libreChatFormat,
    read: (value) => ok(readLibreChat(value)),
    count: () => 1,
  },
  {
    id: "lobechat",
    detect: isLobeChatExport,
    format: () => ({ id: "lobechat" }),
    read: (value) => ok(readLobeChat(value)),
    count: countLobeChat,
  },
  {
    id: "big-agi",
    detect: isBigAgiExport,
    format: bigAgiFormat,
    read: readBigAgi,
    count: countBigAgi,
  },
  {
    id: "nextchat",
    detect: isNextChatBackup,
    format: () => ({ id: "nextchat" }),
    read: (value) => ok(readNextChat(value)),
    count: (value) =>
      isObject(value) && isObject(value["chat-next-web-store"])
        ? (asArray(value["chat-next-web-store"].sessions)?.length ?? 0)
        : 0,
  },
  {
    id: "chatbot-ui",
    detect: (value: JsonValue) => chatbotUiVersion(value) !== undefined,
    format: (value: JsonValue) => withVersion("chatbot-ui", chatbotUiVersion(value)),
    read: (value) => ok(readChatbotUi(value)),
    count: fieldLength("history"),
  },
  {
    id: "openai-messages",
    detect: isOpenAiMessages,
    format: () => ({ id: "openai-messages" }),
    read: (value) => ok(readOpenAiMessages(value)),
    count: () => 1,
  },
];

export function findImporter(value: JsonValue): Importer | undefined {
  return IMPORTERS.find((importer) => importer.detect(value));
}
