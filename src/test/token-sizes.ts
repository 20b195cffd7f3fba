import type { TokenSizes, TokenSource } from "../core/context/token-count.ts";
import type { Message } from "../core/message.ts";

/**
 * Sizes for fitting tests: each message costs `costOf(message)`, a text its length in characters
 * and tool declarations ten tokens each, all reported as coming from `source`.
 */
export function fakeSizes(
  costOf: (message: Message) => number,
  source: TokenSource = "tokenizer",
): TokenSizes {
  return {
    message: (message) => ({ tokens: costOf(message), source }),
    text: (text) => ({ tokens: text.length, source }),
    tools: (tools) => ({ tokens: 10 * tools.length, source }),
  };
}
