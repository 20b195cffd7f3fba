/** Where the model proxy is and how to authenticate to it; the app sets it once at start. */
export interface ProxyConfig {
  /** Prefix of the proxy's routes; "" means the page's own origin. */
  baseUrl: string;
  /** The access token, when the proxy requires one. Read on every request, so it can change. */
  getAccessToken: () => string | undefined;
  /** For tests; the global `fetch` when absent. */
  fetch?: typeof fetch;
}

let current: ProxyConfig = { baseUrl: "", getAccessToken: () => undefined };

/** Sets where the proxy is; fields left out keep their value. */
export function configureProxy(config: Partial<ProxyConfig>): void {
  current = { ...current, ...config };
}

export function getProxyConfig(): ProxyConfig {
  return current;
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
