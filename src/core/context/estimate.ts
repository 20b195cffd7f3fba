import type { Message } from "../message.ts";
import type { WireTool } from "../wire.ts";
import { messageTokens } from "./chat-format.ts";
import type { TokenCount, TokenSizes } from "./token-count.ts";

/**
 * A cheap estimate of a text's tokens, for when the tokenizer has not answered or cannot run:
 * about four characters a token for ASCII, as OpenAI's rule of thumb has it, and one token for
 * every other UTF-16 unit, since Chinese or Japanese characters take about one token each and
 * accented letters seldom share one. It leans towards too many, so a fit made with it holds.
 */
export function estimateTextTokens(text: string): number {
  let ascii = 0;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) < 0x80) ascii++;
  return Math.ceil(ascii / 4) + (text.length - ascii);
}

/** The nine tokens gpt-tokenizer adds around the declarations of a request's functions. */
const TOOL_DECLARATIONS_FRAME_TOKENS = 9;

/**
 * An estimate of what tool declarations add to a request, from their JSON: more than the
 * models see, since OpenAI renders declarations more tersely than JSON.
 */
export function estimateToolsTokens(tools: readonly WireTool[]): number {
  if (tools.length === 0) return 0;
  return estimateTextTokens(JSON.stringify(tools)) + TOOL_DECLARATIONS_FRAME_TOKENS;
}

const estimate = (tokens: number): TokenCount => ({ tokens, source: "estimate" });

/** Sizes from the estimate alone: a send is never blocked waiting for a tokenizer. */
export const estimatedSizes: TokenSizes = {
  message: (message: Message) => estimate(messageTokens(message, estimateTextTokens)),
  text: (text) => estimate(estimateTextTokens(text)),
  tools: (tools) => estimate(estimateToolsTokens(tools)),
};
