import type { Role, ToolCall } from "../message.ts";

/** What a message costs depends on; ids, times and the other fields are never sent. */
export interface CountableMessage {
  role: Role;
  content: string;
  toolCalls?: readonly Pick<ToolCall, "name" | "arguments">[] | undefined;
  /**
   * Image parts of the message, once messages carry content parts: each is counted as
   * {@link IMAGE_PART_TOKENS}, since what an image costs depends on the provider and its size.
   */
  images?: number | undefined;
}

/**
 * OpenAI's chat format frames each message as `<|im_start|>{role}<|im_sep|>{content}<|im_end|>`:
 * three tokens of framing and the role's name, one token in cl100k_base and o200k_base alike;
 * every reply is primed with `<|im_start|>assistant<|im_sep|>`, three tokens per request (OpenAI
 * Cookbook, "How to count tokens with tiktoken"; gpt-tokenizer's `encodeChat` agrees).
 */
export const MESSAGE_FRAME_TOKENS = 3;
export const ROLE_TOKENS = 1;
export const REPLY_PRIMING_TOKENS = 3;

/** A tool call costs its name and its arguments and three tokens of framing (gpt-tokenizer's count). */
export const TOOL_CALL_FRAME_TOKENS = 3;

/**
 * A fixed estimate per image part: OpenAI counts a high-detail 1024 × 1024 image as 765 tokens,
 * Anthropic about 1,600 for an image of 1.15 megapixels; the larger figure keeps a fit safe.
 */
export const IMAGE_PART_TOKENS = 1_600;

/** Tokens `message` costs in a chat request, with `countText` counting a text's tokens. */
export function messageTokens(
  message: CountableMessage,
  countText: (text: string) => number,
): number {
  let tokens = MESSAGE_FRAME_TOKENS + ROLE_TOKENS;
  if (message.content !== "") tokens += countText(message.content);
  for (const call of message.toolCalls ?? [])
    tokens += TOOL_CALL_FRAME_TOKENS + countText(call.name) + countText(call.arguments);
  return tokens + (message.images ?? 0) * IMAGE_PART_TOKENS;
}

/** Tokens the system prompt costs, from the tokens of its text; an empty prompt is not sent. */
export function systemPromptTokens(system: string, textTokens: number): number {
  return system.trim() === "" ? 0 : MESSAGE_FRAME_TOKENS + ROLE_TOKENS + textTokens;
}
