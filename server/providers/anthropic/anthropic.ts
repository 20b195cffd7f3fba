import type { ProviderConfig } from "../../config/types.ts";
import type { Provider } from "../../contract/provider.ts";
import { httpProvider } from "../http-provider.ts";
import { anthropicRefusalRules } from "./anthropic-refusal.ts";
import { anthropicBody } from "./anthropic-request.ts";
import { anthropicNormalizer } from "./anthropic-stream.ts";

const VERSION = "2023-06-01";

function apiUrl(provider: ProviderConfig, path: string): string {
  const base = provider.baseUrl.endsWith("/v1") ? provider.baseUrl : `${provider.baseUrl}/v1`;
  return `${base}${path}`;
}

function headers(provider: ProviderConfig, accept: string): Record<string, string> {
  const out: Record<string, string> = { accept, "anthropic-version": VERSION, ...provider.headers };
  if (provider.apiKey !== undefined) out["x-api-key"] = provider.apiKey;
  return out;
}

/** Anthropic's Messages API, translated to and from the OpenAI dialect. */
export const anthropicProvider: Provider = httpProvider({
  chatUrl: (provider) => apiUrl(provider, "/messages"),
  modelsUrl: (provider) => apiUrl(provider, "/models?limit=1000"),
  headers,
  body: anthropicBody,
  normalizer: anthropicNormalizer,
  refusals: anthropicRefusalRules,
});
