import { attachEn } from "./attach-en.ts";
import { contextEn } from "./context-en.ts";
import { errorsEn } from "./errors-en.ts";
import { featuresEn } from "./features-en.ts";
import { interopEn } from "./interop-en.ts";
import { modelErrorsEn } from "./model-errors-en.ts";
import { paramsEn } from "./params-en.ts";
import { storageEn } from "./storage-en.ts";
import { syncEn } from "./sync-en.ts";

/** A part of the dictionary under its own prefix: `storage.quota`, `interop.import`. */
export type Prefixed<P extends string, T> = { [K in keyof T & string as `${P}.${K}`]: T[K] };

export function prefixed<P extends string, T extends Record<string, string>>(
  prefix: P,
  words: T,
): Prefixed<P, T> {
  return Object.fromEntries(
    Object.entries(words).map(([key, text]) => [`${prefix}.${key}`, text]),
  ) as Prefixed<P, T>;
}

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

/** The English words of the UI, the one dictionary: the shell's, the features', storage's and import's. */
export const en = {
  ...base,
  ...featuresEn,
  ...errorsEn,
  ...prefixed("modelError", modelErrorsEn),
  ...prefixed("storage", storageEn),
  ...prefixed("sync", syncEn),
  ...prefixed("interop", interopEn),
  ...prefixed("attach", attachEn),
  ...prefixed("params", paramsEn),
  ...prefixed("context", contextEn),
} as const;

export type MessageKey = keyof typeof en;
export type Dictionary = Record<MessageKey, string>;
