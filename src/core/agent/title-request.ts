import type { ModelRequest } from "../model.ts";

/**
 * What the model is told when it is asked for a conversation's title. The demo model recognises
 * a title request by its first words (server/providers/demo/title-answer.ts).
 */
export const TITLE_INSTRUCTION =
  "Write a title for the conversation below: at most six words, in the language of the conversation, without quotes and without a full stop. Answer with the title only.";

/** The most of the question and of the answer the request carries, in characters. */
const EXCERPT_CHARS = 2000;
/** Room for a short title, and for a reasoning model's few words before it. */
const TITLE_TOKENS = 64;

const excerpt = (text: string) => Array.from(text.trim()).slice(0, EXCERPT_CHARS).join("");

/** The first exchange of a conversation, as the title request carries it. */
export interface FirstExchange {
  /** The text of the first user message. */
  question: string;
  /** The text of the answer to it. */
  answer: string;
}

/**
 * The request for a title of a conversation: the instruction, then the first question and its
 * answer as one user message, each headed by its role and cut to 2,000 characters.
 */
export function titleRequest(model: string, exchange: FirstExchange): ModelRequest {
  return {
    model,
    messages: [
      { role: "system", content: TITLE_INSTRUCTION },
      {
        role: "user",
        content: `[user]\n${excerpt(exchange.question)}\n\n[assistant]\n${excerpt(exchange.answer)}`,
      },
    ],
    params: { maxTokens: TITLE_TOKENS },
  };
}
