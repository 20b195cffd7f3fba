export { ChunkAssembler } from "./chunk-assembler.ts";
export {
  fetchProxyHealth,
  HEALTH_POLL_MS,
  type ProxyHealth,
  proxyHealthQueryOptions,
  useProxyHealth,
} from "./health-query.ts";
export { createHttpModelClient, type HttpModelClientOptions } from "./http-model-client.ts";
export {
  fetchModels,
  type ModelListing,
  modelsQueryOptions,
  useModelIds,
  useModels,
} from "./models-query.ts";
export {
  configureProxy,
  getProxyConfig,
  type ProxyConfig,
  proxyHeaders,
  proxyUrl,
} from "./proxy-config.ts";
export { errorFromResponse, parseRetryAfter } from "./proxy-error.ts";
export { getProxyJson, ProxyRequestError } from "./proxy-request.ts";
