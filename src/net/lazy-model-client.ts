import type { ModelClient, ModelEvent, ModelRequest } from "../core/model.ts";
import type { ProxyConfig } from "./proxy-config.ts";
import type { StreamWorkerPort } from "./stream-worker/worker-model-client.ts";

const httpClient = () => import("./http-model-client.ts");
const workerClient = () => import("./stream-worker/worker-model-client.ts");

/** Loads the model client ahead of the first send (the page calls it once idle). */
export function preloadModelClient(): void {
  void workerClient().catch(() => undefined);
}

/**
 * The model client, loaded at the first request: the stream reader and the SSE parser are not
 * needed to start the page. With `spawnWorker` (the browser's), answers are read in a Web
 * Worker and the page keeps the in-page client as its fallback. A chunk that cannot be loaded
 * (offline before the service worker cached it) is a network error like any other, and the
 * next request tries again.
 */
export function createLazyModelClient(
  config: ProxyConfig,
  spawnWorker?: () => StreamWorkerPort,
): ModelClient {
  const inPage = loadedOnUse(() => httpClient().then((m) => m.createHttpModelClient(config)));
  if (!spawnWorker) return inPage;
  return loadedOnUse(() =>
    workerClient().then((m) => m.createWorkerModelClient(config, inPage, spawnWorker)),
  );
}

function loadedOnUse(load: () => Promise<ModelClient>): ModelClient {
  let client: Promise<ModelClient> | undefined;
  return {
    async *stream(request: ModelRequest): AsyncIterable<ModelEvent> {
      client ??= load();
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
