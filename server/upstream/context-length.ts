import type { ProviderConfig } from "../config/types.ts";
import { type ProxyError, proxyError } from "../errors.ts";
import type { UpstreamErrorBody } from "./upstream-error-body.ts";

/** The codes and types servers give a request longer than the model's context window. */
const CODES = new Set([
  "context_length_exceeded",
  "exceed_context_size_error",
  "context_window_exceeded",
  "model_context_window_exceeded",
]);

/**
 * How servers word it: OpenAI, vLLM, DeepSeek, OpenRouter and Mistral ("maximum context length"),
 * Groq and OpenAI ("reduce the length of the messages"), Anthropic ("prompt is too long", older
 * models "input length and `max_tokens` exceed context limit"), llama.cpp ("exceeds the available
 * context size"), LM Studio ("context length of only"), xAI ("maximum prompt length"), Gemini
 * ("input token count ... exceeds the maximum"), Hugging Face TGI ("`max_new_tokens` must be <=").
 */
const WORDS =
  /maximum context length|context[_ ]length[_ ]exceeded|reduce the length of the messages|prompt is too long|exceed context limit|exceeds? (?:the )?(?:available |model'?s? )?context (?:size|window|length|limit)|context length of only|maximum prompt length|input token count.{0,40}exceeds the maximum|max_new_tokens`? must be <=/iu;

/** Whether an upstream's error says the request is longer than the model's context window. */
export function isContextLength(status: number, body: UpstreamErrorBody): boolean {
  if (status === 413) return true;
  if (status < 400 || status >= 500 || status === 429) return false;
  for (const value of [body.code, body.type])
    if (value && CODES.has(value.toLowerCase())) return true;
  return WORDS.test(body.message);
}

/**
 * The one error the browser gets for every provider's "too long", whatever its words: type and
 * code `context_length_exceeded`, so that it can fit the conversation tighter and send again.
 */
export function contextLengthError(
  status: number,
  said: string,
  provider: ProviderConfig | string,
): ProxyError {
  const id = typeof provider === "string" ? provider : provider.id;
  return proxyError(
    "context_length_exceeded",
    status === 413 ? 413 : 400,
    `The conversation is longer than the model's context window (the upstream "${id}" said: ${said}) Leave out earlier messages or attachments, or pick a model with a larger context window.`,
    { provider: id, code: "context_length_exceeded" },
  );
}
