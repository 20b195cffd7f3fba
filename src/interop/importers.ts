import type { JsonValue } from "../core/json.ts";
import { chatbotUiVersion, readChatbotUi } from "./chatbot-ui-import.ts";
import { isChatGptExport, readChatGpt } from "./chatgpt-import.ts";
import { isClaudeExport, readClaude } from "./claude-import.ts";
import type { Importer } from "./importer.ts";
import { isNativeExport, nativeLabel, readNative } from "./native-import.ts";
import { isNextChatBackup, readNextChat } from "./nextchat-import.ts";
import { isOpenAiMessages, readOpenAiMessages } from "./openai-messages-import.ts";

/** Every format Parley reads from a single JSON document, tried in this order. */
export const IMPORTERS: readonly Importer[] = [
  { id: "parley", detect: isNativeExport, label: nativeLabel, read: readNative },
  { id: "chatgpt", detect: isChatGptExport, label: () => "ChatGPT conversations.json", read: readChatGpt },
  { id: "claude", detect: isClaudeExport, label: () => "Claude conversations.json", read: readClaude },
  { id: "nextchat", detect: isNextChatBackup, label: () => "NextChat backup", read: readNextChat },
  {
    id: "chatbot-ui",
    detect: (value: JsonValue) => chatbotUiVersion(value) !== undefined,
    label: (value: JsonValue) => `chatbot-ui export (version ${chatbotUiVersion(value) ?? "?"})`,
    read: readChatbotUi,
  },
  { id: "openai-messages", detect: isOpenAiMessages, label: () => "OpenAI chat messages", read: readOpenAiMessages },
];

export function findImporter(value: JsonValue): Importer | undefined {
  return IMPORTERS.find((importer) => importer.detect(value));
}
