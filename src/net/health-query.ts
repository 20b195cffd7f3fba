import { queryOptions, useQuery } from "@tanstack/react-query";
import { isRecord } from "./chunk-assembler.ts";
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

/** `GET /healthz`. */
export async function fetchProxyHealth(
  config: ProxyConfig,
  signal?: AbortSignal,
): Promise<ProxyHealth> {
  const body = await getProxyJson(config, "/healthz", signal);
  if (!isRecord(body))
    throw new ProxyRequestError({
      kind: "protocol",
      message: "The model proxy's health answer is not a JSON object. Check the proxy address.",
    });
  const providers = (Array.isArray(body.providers) ? body.providers : []).flatMap((p) =>
    isRecord(p) && typeof p.id === "string"
      ? [{ id: p.id, kind: typeof p.kind === "string" ? p.kind : "unknown" }]
      : [],
  );
  return { ok: body.status === "ok", providers, accessTokenRequired: body.accessToken === true };
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
