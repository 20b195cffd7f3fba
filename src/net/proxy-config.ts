/** Where the model proxy is and how to authenticate to it; built once by the composition root. */
export interface ProxyConfig {
  /** Prefix of the proxy's routes; "" means the page's own origin. */
  baseUrl: string;
  /** The access token, when the proxy requires one. Read on every request, so it can change. */
  getAccessToken: () => string | undefined;
  /** For tests; the global `fetch` when absent. */
  fetch?: typeof fetch;
}

/** `baseUrl` + `path`, with exactly one slash between them. */
export function proxyUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, "")}${path}`;
}

/** Request headers with `Authorization: Bearer …` when a token is set. */
export function proxyHeaders(
  getAccessToken: (() => string | undefined) | undefined,
  extra: Record<string, string> = {},
): Record<string, string> {
  const token = getAccessToken?.();
  return token ? { ...extra, authorization: `Bearer ${token}` } : extra;
}
