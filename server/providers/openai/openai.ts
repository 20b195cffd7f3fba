import type { ProviderConfig } from "../../config/types.ts";
import type { Provider } from "../../contract/provider.ts";
import { httpProvider } from "../http-provider.ts";
import { openaiRefusalRules } from "./openai-refusal.ts";
import { openaiBody } from "./openai-request.ts";
import { openaiNormalizer } from "./openai-stream.ts";

function headers(provider: ProviderConfig, accept: string): Record<string, string> {
  const out: Record<string, string> = { accept, ...provider.headers };
  if (provider.apiKey !== undefined) out.authorization = `Bearer ${provider.apiKey}`;
  return out;
}

/** Any OpenAI-compatible upstream: OpenAI, OpenRouter, Groq, DeepSeek, Ollama, vLLM, llama.cpp, LM Studio. */
export const openaiProvider: Provider = httpProvider({
  chatUrl: (provider) => `${provider.baseUrl}/chat/completions`,
  modelsUrl: (provider) => `${provider.baseUrl}/models`,
  headers,
  body: openaiBody,
  normalizer: openaiNormalizer,
  refusals: openaiRefusalRules,
});
