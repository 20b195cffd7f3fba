import type { Message } from "../message.ts";
import type { WireTool } from "../wire.ts";

/**
 * Where a count comes from: the tokenizer, or the cheap estimate used until the tokenizer has
 * answered (or where it cannot run). The UI labels an estimate as one.
 */
export type TokenSource = "tokenizer" | "estimate";

export interface TokenCount {
  tokens: number;
  source: TokenSource;
}

/**
 * The best counts known right now, without waiting: what fitting a request reads. A message's
 * count is what it costs in a request (its text, its tool calls and the chat format's framing).
 */
export interface TokenSizes {
  message(message: Message): TokenCount;
  /** The tokens of a text alone, without framing (the system prompt's text, a title). */
  text(text: string): TokenCount;
  /** What the declarations of `tools` add to a request. */
  tools(tools: readonly WireTool[]): TokenCount;
}

/**
 * Counts with a real tokenizer, which may run in a worker, so the counts come back later; once
 * a count has come back, `TokenSizes` reports it. Counting the same unchanged message again
 * costs no tokenizer work.
 */
export interface TokenCounter extends TokenSizes {
  /** What each message costs in a request, in order. */
  countMessages(messages: readonly Message[]): Promise<number[]>;
  countText(text: string): Promise<number>;
  countTools(tools: readonly WireTool[]): Promise<number>;
}
