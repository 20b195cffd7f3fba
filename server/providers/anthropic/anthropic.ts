import type { ProviderConfig } from "../../config/types.ts";
import { newId } from "../../upstream/new-id.ts";
import { fetchUpstream } from "../../upstream/upstream-fetch.ts";
import { upstreamStream } from "../../upstream/upstream-stream.ts";
import type { Provider } from "../provider.ts";
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
export const anthropicProvider: Provider = {
  async chat(call, runtime) {
    const { provider } = call;
    const result = await fetchUpstream(
      provider,
      apiUrl(provider, "/messages"),
      {
        method: "POST",
        headers: { ...headers(provider, "text/event-stream"), "content-type": "application/json" },
        body: JSON.stringify(anthropicBody(call)),
      },
      call.signal,
      runtime,
    );
    if (!result.ok) return result;
    const normalizer = anthropicNormalizer({
      publicModel: call.publicModel,
      provider: provider.id,
      now: runtime.now,
      newId,
    });
    return {
      ok: true,
      events: upstreamStream(
        result.connection,
        normalizer,
        provider,
        runtime.limits,
        runtime.redact,
      ),
    };
  },

  async listModels(provider, runtime, signal) {
    const result = await fetchUpstream(
      provider,
      apiUrl(provider, "/models?limit=1000"),
      { method: "GET", headers: headers(provider, "application/json") },
      signal,
      { ...runtime, limits: { ...runtime.limits, maxRetries: 0 } },
    );
    if (!result.ok) throw new Error(result.error.message);
    try {
      const json = (await result.connection.response.json()) as { data?: Array<{ id?: unknown }> };
      if (!json.data) throw new Error("the answer has no data list");
      return json.data.map((m) => m.id).filter((id): id is string => typeof id === "string");
    } catch (error) {
      throw new Error(
        `The upstream "${provider.id}" answered the model list with something unexpected (${(error as Error).message}). Set its models in the configuration instead.`,
      );
    } finally {
      result.connection.close();
    }
  },
};
