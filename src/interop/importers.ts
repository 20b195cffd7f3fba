import type { JsonValue } from "../core/json.ts";
import { ok } from "../core/result.ts";
import { bigAgiLabel, countBigAgi, isBigAgiExport, readBigAgi } from "./big-agi-import.ts";
import { chatbotUiVersion, readChatbotUi } from "./chatbot-ui-import.ts";
import { isChatGptExport, readChatGpt } from "./chatgpt-import.ts";
import { isClaudeExport, readClaude } from "./claude-import.ts";
import type { Importer } from "./importer.ts";
import { asArray, isObject } from "./json-read.ts";
import { isLibreChatExport, libreChatLabel, readLibreChat } from "./librechat-import.ts";
import { countLobeChat, isLobeChatExport, readLobeChat } from "./lobechat-import.ts";
import { isNativeExport, nativeLabel, readNative } from "./native-import.ts";
import { isNextChatBackup, readNextChat } from "./nextchat-import.ts";
import { isOpenWebUiExport, readOpenWebUi } from "./open-webui-import.ts";
import { isOpenAiMessages, readOpenAiMessages } from "./openai-messages-import.ts";

const listLength = (value: JsonValue) => (Array.isArray(value) ? value.length : 1);
const fieldLength = (key: string) => (value: JsonValue) =>
  isObject(value) ? (asArray(value[key])?.length ?? 0) : listLength(value);

/** Every format Parley reads from a single JSON document, tried in this order. */
export const IMPORTERS: readonly Importer[] = [
  {
    id: "parley",
    detect: isNativeExport,
    label: nativeLabel,
    read: readNative,
    count: fieldLength("sessions"),
  },
  {
    id: "chatgpt",
    detect: isChatGptExport,
    label: () => "ChatGPT conversations.json",
    read: (value) => ok(readChatGpt(value)),
    count: listLength,
  },
  {
    id: "claude",
    detect: isClaudeExport,
    label: () => "Claude conversations.json",
    read: (value) => ok(readClaude(value)),
    count: listLength,
  },
  {
    id: "open-webui",
    detect: isOpenWebUiExport,
    label: () => "Open WebUI chat export",
    read: (value) => ok(readOpenWebUi(value)),
    count: listLength,
  },
  {
    id: "librechat",
    detect: isLibreChatExport,
    label: libreChatLabel,
    read: (value) => ok(readLibreChat(value)),
    count: () => 1,
  },
  {
    id: "lobechat",
    detect: isLobeChatExport,
    label: () => "LobeChat export",
    read: (value) => ok(readLobeChat(value)),
    count: countLobeChat,
  },
  {
    id: "big-agi",
    detect: isBigAgiExport,
    label: bigAgiLabel,
    read: (value) => ok(readBigAgi(value)),
    count: countBigAgi,
  },
  {
    id: "nextchat",
    detect: isNextChatBackup,
    label: () => "NextChat backup",
    read: (value) => ok(readNextChat(value)),
    count: (value) =>
      isObject(value) && isObject(value["chat-next-web-store"])
        ? (asArray(value["chat-next-web-store"].sessions)?.length ?? 0)
        : 0,
  },
  {
    id: "chatbot-ui",
    detect: (value: JsonValue) => chatbotUiVersion(value) !== undefined,
    label: (value: JsonValue) => `chatbot-ui export (version ${chatbotUiVersion(value) ?? "?"})`,
    read: (value) => ok(readChatbotUi(value)),
    count: fieldLength("history"),
  },
  {
    id: "openai-messages",
    detect: isOpenAiMessages,
    label: () => "OpenAI chat messages",
    read: (value) => ok(readOpenAiMessages(value)),
    count: () => 1,
  },
];

export function findImporter(value: JsonValue): Importer | undefined {
  return IMPORTERS.find((importer) => importer.detect(value));
}
