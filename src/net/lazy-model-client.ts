import type { ModelClient, ModelEvent, ModelRequest } from "../core/model.ts";
import type { ProxyConfig } from "./proxy-config.ts";

const httpClient = () => import("./http-model-client.ts");

/** Loads the HTTP client ahead of the first send (the page calls it once idle). */
export function preloadModelClient(): void {
  void httpClient().catch(() => undefined);
}

/**
 * The HTTP model client, loaded at the first request: the stream reader and the SSE parser
 * are not needed to start the page. A chunk that cannot be loaded (offline before the service
 * worker cached it) is a network error like any other, and the next request tries again.
 */
export function createLazyModelClient(config: ProxyConfig): ModelClient {
  let client: Promise<ModelClient> | undefined;
  return {
    async *stream(request: ModelRequest): AsyncIterable<ModelEvent> {
      client ??= httpClient().then((m) => m.createHttpModelClient(config));
      let loaded: ModelClient;
      try {
        loaded = await client;
      } catch (error) {
        client = undefined;
        // The client's code comes from Parley's own server, so a failed load is its being unreachable.
        yield {
          type: "error",
          error: {
            code: "unreachable",
            detail: error instanceof Error ? error.message : String(error),
          },
        };
        return;
      }
      yield* loaded.stream(request);
    },
  };
}
