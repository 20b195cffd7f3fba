import { DEMO_PROVIDER, type ProviderConfig } from "../config/types.ts";
import { parseChatRequest } from "../contract/chat-request.ts";
import type { ChatCall } from "../contract/provider.ts";
import { modelInfoFor } from "../models/model-info.ts";

/** A validated call to provider `p` of this kind, as the chat route builds it. */
export function chatCall(
  kind: "openai" | "anthropic",
  raw: Record<string, unknown>,
  model: string,
  extra: Partial<ProviderConfig> = {},
): ChatCall {
  const parsed = parseChatRequest({ model: `p/${model}`, ...raw });
  if (!parsed.ok) throw new Error(parsed.message);
  const provider: ProviderConfig = {
    ...DEMO_PROVIDER,
    id: "p",
    kind,
    baseUrl: "http://x",
    ...extra,
  };
  return {
    request: parsed.request,
    model,
    publicModel: `p/${model}`,
    provider,
    info: modelInfoFor(provider, model),
    signal: new AbortController().signal,
  };
}
