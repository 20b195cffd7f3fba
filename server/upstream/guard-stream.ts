import type { ProviderConfig, ProxyLimits } from "../config/types.ts";
import { proxyError } from "../errors.ts";
import type { StreamEvent } from "../providers/provider.ts";
import type { UpstreamConnection } from "./upstream-fetch.ts";

/**
 * Wraps a provider's normalised stream: a broken or silent upstream becomes an error event, a
 * client that left ends it quietly, and the upstream request is always released.
 */
export async function* guardStream(
  inner: AsyncIterable<StreamEvent[]>,
  connection: UpstreamConnection,
  provider: ProviderConfig,
  limits: ProxyLimits,
  redact: (text: string) => string,
): AsyncGenerator<StreamEvent[]> {
  try {
    yield* inner;
  } catch (error) {
    const reason = connection.stopReason();
    if (reason === "client") return;
    if (reason === "idle") {
      yield [
        {
          type: "error",
          error: proxyError(
            "upstream_timeout",
            504,
            `The upstream "${provider.id}" sent nothing for ${Math.round(limits.idleTimeoutMs / 1000)} s in the middle of the answer. The part that arrived is kept; try again.`,
            { provider: provider.id },
          ),
        },
      ];
      return;
    }
    yield [
      {
        type: "error",
        error: proxyError(
          "upstream_broken",
          502,
          `The connection to the upstream "${provider.id}" broke in the middle of the answer (${redact((error as Error).message)}). The part that arrived is kept; try again.`,
          { provider: provider.id },
        ),
      },
    ];
  } finally {
    connection.close();
  }
}
