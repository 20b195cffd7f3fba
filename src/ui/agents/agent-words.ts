import type { Translate } from "../i18n/use-t.ts";

/** The built-in agents' names and descriptions in the reader's language; the stored name stays. */
const BUILTIN = {
  Assistant: { name: "agentAssistantName", about: "agentAssistantAbout" },
  Translator: { name: "agentTranslatorName", about: "agentTranslatorAbout" },
  Summarizer: { name: "agentSummarizerName", about: "agentSummarizerAbout" },
} as const;

function builtin(name: string) {
  return Object.hasOwn(BUILTIN, name) ? BUILTIN[name as keyof typeof BUILTIN] : undefined;
}

/** How an agent is called on screen: a built-in one in the reader's language, another by its name. */
export function agentDisplayName(name: string, t: Translate): string {
  const words = builtin(name);
  return words ? t(words.name) : name;
}

/** What a built-in agent does, or null for one the user made. */
export function agentAbout(name: string, t: Translate): string | null {
  const words = builtin(name);
  return words ? t(words.about) : null;
}
