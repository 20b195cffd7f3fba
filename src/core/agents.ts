import type { AgentConfig } from "./agent-types.ts";

/** The default agent: answers, and uses every built-in tool. */
export const assistantAgent: AgentConfig = {
  name: "Assistant",
  instructions:
    "You are Parley's assistant. Answer in the language the user writes in, clearly and briefly. " +
    "Use the calculator tool for every arithmetic step instead of computing in your head. " +
    "When the user tells you something to remember, store it with state_set; read it back with state_get. " +
    "Use current_time when the answer depends on today's date or time.",
  model: "demo",
  tools: ["calculator", "state_get", "state_set", "state_delete", "current_time"],
  maxSteps: 8,
};

/** Translates between Chinese and English; no tools, one model call. */
export const translatorAgent: AgentConfig = {
  name: "Translator",
  instructions:
    "You are a translator. If the text you are given is in Chinese, translate it into English; " +
    "otherwise translate it into Simplified Chinese. Keep the meaning, tone and Markdown formatting. " +
    "Reply with the translation only.",
  model: "demo",
  tools: [],
  maxSteps: 1,
};

/** Summarises what it is given; no tools, one model call. */
export const summarizerAgent: AgentConfig = {
  name: "Summarizer",
  instructions:
    "You summarise. Give the key points of the text you are given in a few short sentences or a " +
    "short list, in the language the text is written in. Reply with the summary only.",
  model: "demo",
  tools: [],
  maxSteps: 1,
};

/** The agents Parley ships, the default first. */
export const builtinAgents: readonly AgentConfig[] = [
  assistantAgent,
  translatorAgent,
  summarizerAgent,
];
