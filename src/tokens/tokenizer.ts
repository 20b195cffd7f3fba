import type { ChatCompletionFunctionDefinition } from "gpt-tokenizer/functionCalling";
import { type CountableMessage, messageTokens } from "../core/context/chat-format.ts";
import { estimateToolsTokens } from "../core/context/estimate.ts";
import type { WireTool } from "../core/wire.ts";

/** Counting with a tokenizer that has loaded: synchronous, so it belongs in a worker. */
export interface Tokenizer {
  text(text: string): number;
  message(message: CountableMessage): number;
  tools(tools: readonly WireTool[]): number;
}

/**
 * Loads gpt-tokenizer with o200k_base, the encoding of OpenAI's current models (GPT-4o, GPT-4.1,
 * GPT-5 and the o-series); cl100k_base is only GPT-4's and GPT-3.5's. Other providers' models
 * split text their own way, and no encoding matches them; the fit's margin covers the difference.
 * Imported on demand, so the 2 MB of ranks never reach the page's first load.
 */
export async function loadTokenizer(): Promise<Tokenizer> {
  const [{ countTokens }, { estimateTokensInFunctions }] = await Promise.all([
    import("gpt-tokenizer/encoding/o200k_base"),
    import("gpt-tokenizer/functionCalling"),
  ]);
  // A person may well write "<|endoftext|>"; providers read it as text, and so must the count.
  const asText = { disallowedSpecial: new Set<string>() };
  const text = (value: string) => (value === "" ? 0 : countTokens(value, asText));
  return {
    text,
    message: (message) => messageTokens(message, text),
    tools(tools) {
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
    },
  };
}
