import { queryOptions, useQuery } from "@tanstack/react-query";
import * as z from "zod";
import type { ProxyConfig } from "./proxy-config.ts";
import { getProxyJson, ProxyRequestError } from "./proxy-request.ts";

/** How often the proxy's health is polled. */
export const HEALTH_POLL_MS = 30_000;

export interface ProxyHealth {
  ok: boolean;
  /** Configured providers by id and kind (`demo`, `openai`, `anthropic`). */
  providers: Array<{ id: string; kind: string }>;
  /** The proxy wants an access token on every request. */
  accessTokenRequired: boolean;
}

const health = z.looseObject({
  status: z.unknown(),
  providers: z.array(z.unknown()).catch([]),
  accessToken: z.unknown(),
});
const provider = z.looseObject({ id: z.string(), kind: z.string().catch("unknown") });

/** `GET /healthz`. */
export async function fetchProxyHealth(
  config: ProxyConfig,
  signal?: AbortSignal,
): Promise<ProxyHealth> {
  const body = health.safeParse(await getProxyJson(config, "/healthz", signal));
  if (!body.success)
    throw new ProxyRequestError({
      kind: "protocol",
      message: "The model proxy's health answer is not a JSON object. Check the proxy address.",
    });
  const providers = body.data.providers.flatMap((p) => {
    const parsed = provider.safeParse(p);
    return parsed.success ? [{ id: parsed.data.id, kind: parsed.data.kind }] : [];
  });
  return {
    ok: body.data.status === "ok",
    providers,
    accessTokenRequired: body.data.accessToken === true,
  };
}

export function proxyHealthQueryOptions(config: ProxyConfig) {
  return queryOptions({
    queryKey: ["proxy", config.baseUrl, "health"] as const,
    queryFn: ({ signal }) => fetchProxyHealth(config, signal),
    refetchInterval: HEALTH_POLL_MS,
    retry: false,
  });
}

/** The proxy's health, polled every {@link HEALTH_POLL_MS} ms. */
export function useProxyHealth(config: ProxyConfig) {
  return useQuery(proxyHealthQueryOptions(config));
}
