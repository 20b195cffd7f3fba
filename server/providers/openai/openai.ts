import type { ProviderConfig } from "../../config/types.ts";
import { newId } from "../../upstream/new-id.ts";
import { fetchUpstream } from "../../upstream/upstream-fetch.ts";
import { upstreamStream } from "../../upstream/upstream-stream.ts";
import type { Provider } from "../provider.ts";
import { openaiBody } from "./openai-request.ts";
import { openaiNormalizer } from "./openai-stream.ts";

function headers(provider: ProviderConfig, accept: string): Record<string, string> {
  const out: Record<string, string> = { accept, ...provider.headers };
  if (provider.apiKey !== undefined) out.authorization = `Bearer ${provider.apiKey}`;
  return out;
}

/** Any OpenAI-compatible upstream: OpenAI, OpenRouter, Groq, DeepSeek, Ollama, vLLM, llama.cpp, LM Studio. */
export const openaiProvider: Provider = {
  async chat(call, runtime) {
    const { provider } = call;
    const result = await fetchUpstream(
      provider,
      `${provider.baseUrl}/chat/completions`,
      {
        method: "POST",
        headers: { ...headers(provider, "text/event-stream"), "content-type": "application/json" },
        body: JSON.stringify(openaiBody(call)),
      },
      call.signal,
      runtime,
    );
    if (!result.ok) return result;
    const normalizer = openaiNormalizer({
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
      `${provider.baseUrl}/models`,
      { method: "GET", headers: headers(provider, "application/json") },
      signal,
      { ...runtime, limits: { ...runtime.limits, maxRetries: 0 } },
    );
    if (!result.ok) throw new Error(result.error.message);
    try {
      const json = (await result.connection.response.json()) as { data?: Array<{ id?: unknown }> };
      const ids = (json.data ?? [])
        .map((m) => m.id)
        .filter((id): id is string => typeof id === "string");
      if (!json.data) throw new Error("the answer has no data list");
      return ids;
    } catch (error) {
      throw new Error(
        `The upstream "${provider.id}" answered the model list with something unexpected (${(error as Error).message}). Set its models in the configuration instead.`,
      );
    } finally {
      result.connection.close();
    }
  },
};
