import { errorsEn } from "./errors-en.ts";
import { featuresEn } from "./features-en.ts";

const base = {
  appName: "Parley",
  newChat: "New chat",
  conversations: "Conversations",
  searchConversations: "Search conversations",
  untitled: "New conversation",
  message: "Message",
  messagePlaceholder: "Write a message… (Enter sends, Shift+Enter adds a line)",
  send: "Send",
  stop: "Stop",
  messages: "Messages",
  model: "Model",
  rename: "Rename",
  delete: "Delete",
  undo: "Undo",
  retry: "Retry",
  settings: "Settings",
  sessionDetails: "Session details",
  generating: "generating",
  emptyChat:
    "Ask anything. The demo model can do arithmetic with a calculator tool and remember your name.",
  noConversations: "No conversations yet.",
  interrupted: "Interrupted: this answer did not finish.",
  errorAnswer: "This answer failed.",
  loading: "Loading…",
  deleted: "Conversation deleted.",
  renamePrompt: "New title",
  save: "Save",
  cancel: "Cancel",
  close: "Close",
  toolCall: "Tool call",
  toolResult: "Result",
  modelsUnavailable: "Models could not be loaded from the proxy.",
  you: "You",
  assistant: "Assistant",
  tool: "Tool",
  system: "System",
} as const;

/** The English words of the UI: the shell's, then those of the issue-5 features. */
export const en = { ...base, ...featuresEn, ...errorsEn } as const;

export type MessageKey = keyof typeof en;
export type Dictionary = Record<MessageKey, string>;
