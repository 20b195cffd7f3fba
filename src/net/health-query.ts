import { queryOptions, useQuery } from "@tanstack/react-query";
import * as z from "zod/mini";
import type { ProxyConfig } from "./proxy-config.ts";
import { getProxyJson, ProxyRequestError } from "./proxy-request.ts";

/** How often the proxy's health is polled while it answers. */
export const HEALTH_POLL_MS = 30_000;
/**
 * While it does not: soon at first, then backing off to at most HEALTH_DOWN_MAX_MS, so the
 * proxy's return is seen within about 3 s however long it was gone.
 */
export const HEALTH_DOWN_FIRST_MS = 500;
export const HEALTH_DOWN_MAX_MS = 2_500;

/**
 * The wait before the next health check: HEALTH_POLL_MS while the proxy answers; once it does
 * not, doubling from HEALTH_DOWN_FIRST_MS with each failed check in a row, up to
 * HEALTH_DOWN_MAX_MS.
 */
export function healthPollMs(failedInARow: number): number {
  if (failedInARow <= 0) return HEALTH_POLL_MS;
  return Math.min(HEALTH_DOWN_MAX_MS, HEALTH_DOWN_FIRST_MS * 2 ** (failedInARow - 1));
}

export interface ProxyHealth {
  ok: boolean;
  /** Configured providers by id and kind (`demo`, `openai`, `anthropic`). */
  providers: Array<{ id: string; kind: string }>;
  /** The proxy wants an access token on every request. */
  accessTokenRequired: boolean;
}

const health = z.looseObject({
  status: z.unknown(),
  providers: z.catch(z.array(z.unknown()), []),
  accessToken: z.unknown(),
});
const provider = z.looseObject({ id: z.string(), kind: z.catch(z.string(), "unknown") });

/** `GET /healthz`. */
export async function fetchProxyHealth(
  config: ProxyConfig,
  signal?: AbortSignal,
): Promise<ProxyHealth> {
  const body = health.safeParse(await getProxyJson(config, "/healthz", signal));
  if (!body.success) throw new ProxyRequestError({ code: "bad_response" });
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

/** Failed checks in a row, by proxy address: a success sets it back to none. */
const failedInARow = new Map<string, number>();

export function proxyHealthQueryOptions(config: ProxyConfig) {
  return queryOptions({
    queryKey: ["proxy", config.baseUrl, "health"] as const,
    queryFn: async ({ signal }) => {
      try {
        const health = await fetchProxyHealth(config, signal);
        failedInARow.delete(config.baseUrl);
        return health;
      } catch (error) {
        if (!signal.aborted)
          failedInARow.set(config.baseUrl, (failedInARow.get(config.baseUrl) ?? 0) + 1);
        throw error;
      }
    },
    refetchInterval: (query) =>
      healthPollMs(query.state.status === "error" ? (failedInARow.get(config.baseUrl) ?? 1) : 0),
    refetchOnWindowFocus: true,
    refetchOnReconnect: true,
    // Checked even when the browser believes it is offline: an unreachable proxy must say so.
    networkMode: "always",
    retry: false,
  });
}

/**
 * The proxy's health: checked every {@link HEALTH_POLL_MS} ms, at once when the window gets the
 * focus or the network comes back, and every few seconds while the proxy does not answer.
 */
export function useProxyHealth(config: ProxyConfig) {
  return useQuery(proxyHealthQueryOptions(config));
}
