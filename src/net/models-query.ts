import { queryOptions, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import * as z from "zod/mini";
import { DEFAULT_MODEL_FACTS, type ModelFacts, modelFacts } from "../core/context/model-facts.ts";
import type { WireModel } from "../core/wire.ts";
import type { ProxyConfig } from "./proxy-config.ts";
import { getProxyJson, ProxyRequestError } from "./proxy-request.ts";

/** The models the proxy offers, and the providers whose list could not be read. */
export interface ModelListing {
  /** Each with at least an id; the other fields as the proxy sent them. */
  models: Array<Pick<WireModel, "id"> & Partial<WireModel>>;
  /** One line per provider whose models could not be listed. */
  problems: string[];
}

const listing = z.looseObject({
  data: z.array(z.unknown()),
  errors: z.catch(z.array(z.unknown()), []),
});
/** A limit the proxy states; anything but a positive whole number reads as unknown. */
const limit = z.catch(z.nullable(z.int().check(z.gt(0))), null);
const model = z.looseObject({
  id: z.string().check(z.minLength(1)),
  context_window: limit,
  max_output_tokens: limit,
});
/** A provider whose models could not be listed: Parley's `{ error: { message } }`, or `{ message }`. */
const problem = z.union([
  z.pipe(
    z.looseObject({ error: z.looseObject({ message: z.string() }) }),
    z.transform((p) => p.error.message),
  ),
  z.pipe(
    z.looseObject({ message: z.string() }),
    z.transform((p) => p.message),
  ),
]);

/** The items of `list` that `schema` reads, each as it reads it; the others are left out. */
function readable<T>(list: readonly unknown[], schema: z.ZodMiniType<T>): T[] {
  return list.flatMap((item) => {
    const parsed = schema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** `GET /v1/models`. */
export async function fetchModels(
  config: ProxyConfig,
  signal?: AbortSignal,
): Promise<ModelListing> {
  const body = listing.safeParse(await getProxyJson(config, "/v1/models", signal));
  if (!body.success) throw new ProxyRequestError({ code: "bad_response" });
  return {
    models: readable(body.data.data, model),
    problems: readable(body.data.errors, problem),
  };
}

export function modelsQueryOptions(config: ProxyConfig) {
  return queryOptions({
    queryKey: ["proxy", config.baseUrl, "models"] as const,
    queryFn: ({ signal }) => fetchModels(config, signal),
    staleTime: 5 * 60_000,
  });
}

/** The limits of model `id` as the listing states them; the documented defaults where it does not. */
export function modelFactsFor(listing: ModelListing | undefined, id: string): ModelFacts {
  const found = listing?.models.find((m) => m.id === id);
  return found ? modelFacts(found.context_window, found.max_output_tokens) : DEFAULT_MODEL_FACTS;
}

const idsOf = (listing: ModelListing) => listing.models.map((m) => m.id);

/** The ids of the models; the same array from render to render until the list changes. */
export function useModelIds(config: ProxyConfig) {
  return useQuery({ ...modelsQueryOptions(config), select: idsOf });
}

/**
 * Whether the model takes a reasoning effort: true, or null when the proxy does not know (it is
 * sent then, and left out if refused); false only when the proxy says it does not.
 */
export function useTakesReasoning(config: ProxyConfig, id: string): boolean {
  const found = useQuery({
    ...modelsQueryOptions(config),
    select: (listing: ModelListing) => listing.models.find((m) => m.id === id),
  });
  return found.data?.reasoning !== false;
}

/** The limits of model `id`, the defaults until the list has loaded or when it does not name it. */
export function useModelFacts(config: ProxyConfig, id: string): ModelFacts {
  const { data } = useQuery(modelsQueryOptions(config));
  return useMemo(() => modelFactsFor(data, id), [data, id]);
}
