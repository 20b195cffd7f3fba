import { attachEn } from "./attach-en.ts";
import { contextEn } from "./context-en.ts";
import { errorsEn } from "./errors-en.ts";
import { featuresEn } from "./features-en.ts";
import { interopEn } from "./interop-en.ts";
import { paramsEn } from "./params-en.ts";
import { prefixed } from "./prefixed.ts";
import type { SectionKey } from "./sections.ts";
import { storageEn } from "./storage-en.ts";

const base = {
  appName: "Parley",
  newChat: "New chat",
  conversations: "Conversations",
  searchConversations: "Search conversations",
  untitled: "New conversation",
  message: "Message",
  messagePlaceholder: "Write a message…",
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

/**
 * The English words the page starts with: the shell's, the features', storage's and import's.
 * The sections of `sections.ts` load later, with the code that shows them.
 */
export const en = {
  ...base,
  ...featuresEn,
  ...errorsEn,
  ...prefixed("storage", storageEn),
  ...prefixed("interop", interopEn),
  ...prefixed("attach", attachEn),
  ...prefixed("params", paramsEn),
  ...prefixed("context", contextEn),
} as const;

/** A key of the words the page starts with. */
export type StartKey = keyof typeof en;
/** A key of the one dictionary: the start-up words and every section's. */
export type MessageKey = StartKey | SectionKey;
export type Dictionary = Record<MessageKey, string>;
export type StartDictionary = Record<StartKey, string>;
