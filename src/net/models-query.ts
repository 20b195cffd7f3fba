import { queryOptions, useQuery } from "@tanstack/react-query";
import type { WireModel } from "../core/wire.ts";
import { isRecord } from "./chunk-assembler.ts";
import type { ProxyConfig } from "./proxy-config.ts";
import { getProxyJson, ProxyRequestError } from "./proxy-request.ts";

/** The models the proxy offers, and the providers whose list could not be read. */
export interface ModelListing {
  models: WireModel[];
  /** One line per provider whose models could not be listed. */
  problems: string[];
}

/** `GET /v1/models`. */
export async function fetchModels(
  config: ProxyConfig,
  signal?: AbortSignal,
): Promise<ModelListing> {
  const body = await getProxyJson(config, "/v1/models", signal);
  if (!isRecord(body) || !Array.isArray(body.data))
    throw new ProxyRequestError({
      kind: "protocol",
      message: "The model proxy's model list has no data. Check the proxy address.",
    });
  const models = body.data.filter(
    (m): m is WireModel => isRecord(m) && typeof m.id === "string" && m.id !== "",
  );
  const problems = (Array.isArray(body.errors) ? body.errors : []).flatMap((e) =>
    isRecord(e) && isRecord(e.error) && typeof e.error.message === "string"
      ? [e.error.message]
      : isRecord(e) && typeof e.message === "string"
        ? [e.message]
        : [],
  );
  return { models, problems };
}

export function modelsQueryOptions(config: ProxyConfig) {
  return queryOptions({
    queryKey: ["proxy", config.baseUrl, "models"] as const,
    queryFn: ({ signal }) => fetchModels(config, signal),
    staleTime: 5 * 60_000,
  });
}

const idsOf = (listing: ModelListing) => listing.models.map((m) => m.id);

/** The ids of the models; the same array from render to render until the list changes. */
export function useModelIds(config: ProxyConfig) {
  return useQuery({ ...modelsQueryOptions(config), select: idsOf });
}
