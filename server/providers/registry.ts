import type { ProviderKind } from "../config/types.ts";
import { demoProvider } from "./demo/demo.ts";
import type { Provider } from "./provider.ts";

const providers: Record<ProviderKind, Provider> = {
  demo: demoProvider,
  openai: demoProvider,
  anthropic: demoProvider,
};

/** The provider module that speaks to upstreams of this kind. */
export function providerFor(kind: ProviderKind): Provider {
  return providers[kind];
}
