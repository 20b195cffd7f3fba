import type { ChatCompletionFunctionDefinition } from "gpt-tokenizer/functionCalling";
import { estimateTokensInFunctions } from "gpt-tokenizer/functionCalling";
import { type CountableMessage, messageTokens } from "../core/context/chat-format.ts";
import { estimateToolsTokens } from "../core/context/estimate.ts";
import type { WireTool } from "../core/wire.ts";

/** A person may well write "<|endoftext|>"; providers read it as text, and so must the count. */
export const AS_TEXT = { disallowedSpecial: new Set<string>() };

/** Counting with a tokenizer that has loaded: synchronous, so it belongs in a worker. */
export interface Tokenizer {
  text(text: string): number;
  /** Many texts at once, which a tokenizer may count faster together than one by one. */
  texts(texts: readonly string[]): number[];
  message(message: CountableMessage): number;
  messages(messages: readonly CountableMessage[]): number[];
  tools(tools: readonly WireTool[]): number;
}

/**
 * A tokenizer over `countTexts`: messages cost their texts (content, each tool call's name and
 * arguments) counted in one call, and the chat format's framing; tool declarations as
 * gpt-tokenizer renders them into a request.
 */
export function tokenizerOver(countTexts: (texts: readonly string[]) => number[]): Tokenizer {
  const text = (value: string) => countTexts([value])[0] ?? 0;
  const messages = (list: readonly CountableMessage[]) => {
    const texts: string[] = [];
    for (const message of list) messageTokens(message, (t) => texts.push(t) && 0);
    const counts = countTexts(texts);
    let next = 0;
    return list.map((message) => messageTokens(message, () => counts[next++] ?? 0));
  };
  return {
    text,
    texts: countTexts,
    message: (message) => messages([message])[0] ?? 0,
    messages,
    tools: (tools) => toolTokens(tools, text),
  };
}

/** What tool declarations add to a request, as gpt-tokenizer counts them; else the estimate. */
function toolTokens(tools: readonly WireTool[], text: (value: string) => number): number {
  if (tools.length === 0) return 0;
  type Schema = NonNullable<ChatCompletionFunctionDefinition["parameters"]>;
  const functions = tools.map(({ function: f }) => ({
    name: f.name,
    description: f.description,
    // JSON Schema: gpt-tokenizer renders the keywords it knows and anything else as `any`.
    parameters: f.parameters as unknown as Schema,
  }));
  try {
    return estimateTokensInFunctions(functions, text);
  } catch {
    return estimateToolsTokens(tools);
  }
}
