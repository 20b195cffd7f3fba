import type { ModelError } from "../model.ts";

/**
 * What an error says about itself, in any of the shapes that reach the browser or the proxy: the
 * proxy's `WireError.error`, a `ModelError` (through `modelErrorFacts`), or an upstream's parsed
 * body with its status.
 */
export interface ErrorFacts {
  status?: number | undefined;
  type?: string | null | undefined;
  code?: string | number | null | undefined;
  message?: string | undefined;
}

/** What a failed model call says: its status, the provider's type, and the proxy's words. */
export function modelErrorFacts(error: ModelError): ErrorFacts {
  const facts: ErrorFacts = { status: error.status, type: error.type };
  if (error.detail !== undefined) facts.message = error.detail;
  return facts;
}

/** The request was longer than the model's window; the numbers are the provider's, when it gave them. */
export interface ContextLengthError {
  code: "context_length_exceeded";
  /** The window (or the most the prompt may take) the provider named. */
  limit?: number;
  /** The tokens the provider counted for the request (with the answer's room, for OpenAI). */
  requested?: number;
}

/**
 * Codes and types that mean "too long" on their own: OpenAI's (Azure's and Groq's too), the
 * llama.cpp server's type, Anthropic's 413 type (more than 32 MB), and the proxy's own 413.
 */
const CODES = new Set([
  "context_length_exceeded",
  "exceed_context_size_error",
  "request_too_large",
  "payload_too_large",
]);

/**
 * What providers write when the prompt does not fit, with the numbers they put in it. The
 * proxy quotes the upstream's message inside its own, so these are found anywhere in it.
 * Examples are in `fixtures/errors/`.
 */
const SAYINGS: readonly RegExp[] = [
  // OpenAI, Azure, DeepSeek, vLLM, OpenRouter, Groq: "This model's maximum context length is 8192
  // tokens. However, you requested 8554 tokens (7554 in the messages, 1000 in the completion)."
  /maximum context length is (?<limit>\d+) tokens[.,]\s*however,? (?:you requested|your messages resulted in) (?:about )?(?<requested>\d+) tokens/i,
  /maximum context length is (?<limit>\d+) tokens/i,
  // OpenAI, newer: "Your input exceeds the context window of this model."
  /exceeds the context window/i,
  // Anthropic, also through Bedrock and Vertex: "prompt is too long: 219898 tokens > 200000 maximum"
  /prompt is too long: (?<requested>\d+) tokens > (?<limit>\d+) maximum/i,
  /prompt is too long/i,
  /input is too long for requested model/i,
  // Gemini: "The input token count (132478) exceeds the maximum number of tokens allowed (131072)."
  /input token count \(?(?<requested>\d+)\)? exceeds the maximum number of tokens allowed \(?(?<limit>\d+)\)?/i,
  // llama.cpp server, in the wordings of its builds.
  /request \((?<requested>\d+) tokens\) exceeds (?:the available )?context size \((?<limit>\d+) tokens\)/i,
  /input \((?<requested>\d+) tokens\) is larger than the max context size \((?<limit>\d+) tokens\)/i,
  /exceeds the available context size/i,
  // xAI: "This model's maximum prompt length is 131072 but the request contains 537812 tokens."
  /maximum prompt length is (?<limit>\d+) but the request contains (?<requested>\d+) tokens/i,
  // Mistral: "Prompt contains 40000 tokens ... too large for model with 32768 maximum context length"
  /prompt contains (?<requested>\d+) tokens.*?too large for model with (?<limit>\d+) maximum context length/i,
  // LM Studio: "... the model is loaded with context length of only 7866 tokens, which is not enough."
  /context length of only (?<limit>\d+) tokens/i,
  // Hugging Face TGI (Together and others): "`inputs` tokens + `max_new_tokens` must be <= 4097."
  /inputs`? tokens \+ `?max_new_tokens`? must be <= (?<limit>\d+)/i,
];

const number = (text: string | undefined): number | undefined => {
  const value = text === undefined ? Number.NaN : Number(text);
  return Number.isSafeInteger(value) && value > 0 ? value : undefined;
};

/**
 * Whether an error says that the request is longer than the model's context: HTTP 413, a
 * provider's context-length code, or its words for it. Rate limits (429) never are, although
 * OpenAI's say "Request too large ... tokens per min". Null for every other error.
 */
export function contextLengthError(error: ErrorFacts): ContextLengthError | null {
  if (error.status === 429) return null;
  const found: ContextLengthError = { code: "context_length_exceeded" };
  for (const pattern of SAYINGS) {
    const match = pattern.exec(error.message ?? "");
    if (!match) continue;
    const limit = number(match.groups?.limit);
    const requested = number(match.groups?.requested);
    if (limit !== undefined) found.limit = limit;
    if (requested !== undefined) found.requested = requested;
    return found;
  }
  const named = [error.code, error.type].some((v) => typeof v === "string" && CODES.has(v));
  return named || error.status === 413 ? found : null;
}
