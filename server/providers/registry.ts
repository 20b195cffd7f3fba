import type { ProviderKind } from "../config/types.ts";
import type { Provider } from "../contract/provider.ts";
import { anthropicProvider } from "./anthropic/anthropic.ts";
import { demoProvider } from "./demo/demo.ts";
import { openaiProvider } from "./openai/openai.ts";

const providers: Record<ProviderKind, Provider> = {
  demo: demoProvider,
  openai: openaiProvider,
  anthropic: anthropicProvider,
};

/** The provider module that speaks to upstreams of this kind. */
export function providerFor(kind: ProviderKind): Provider {
  return providers[kind];
}
