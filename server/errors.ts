import type { WireError } from "../src/core/wire.ts";

/** The body of every proxy failure, as sent to the browser. */
export type ProxyError = WireError["error"];

/** Builds a proxy error; `message` must say what failed and what to do. */
export function proxyError(
  type: string,
  status: number,
  message: string,
  extra: { provider?: string; code?: string | null } = {},
): ProxyError {
  const error: ProxyError = { type, message, status, provider: extra.provider ?? null };
  if (extra.code !== undefined && extra.code !== null) error.code = extra.code;
  return error;
}

/** A JSON response carrying `{ error }` with the error's own status (500 when it is not a 4xx or 5xx). */
export function errorResponse(error: ProxyError, headers: Record<string, string> = {}): Response {
  const status =
    Number.isInteger(error.status) && error.status >= 400 && error.status <= 599
      ? error.status
      : 500;
  const body: WireError = { error };
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
  });
}
