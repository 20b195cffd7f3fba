import type { ModelError } from "../core/model.ts";
import { type ProxyConfig, proxyHeaders, proxyUrl } from "./proxy-config.ts";
import { errorFromResponse } from "./proxy-error.ts";

/** A failed proxy request, thrown for react-query; `error` holds its code, the UI has the words. */
export class ProxyRequestError extends Error {
  constructor(readonly error: ModelError) {
    super(error.detail ?? error.code);
    this.name = "ProxyRequestError";
  }
}

/** GETs a JSON document from the proxy; throws {@link ProxyRequestError} with what failed. */
export async function getProxyJson(
  config: ProxyConfig,
  path: string,
  signal?: AbortSignal,
): Promise<unknown> {
  const doFetch = config.fetch ?? globalThis.fetch.bind(globalThis);
  let response: Response;
  try {
    response = await doFetch(proxyUrl(config.baseUrl, path), {
      headers: proxyHeaders(config.getAccessToken, { accept: "application/json" }),
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (signal?.aborted) throw new ProxyRequestError({ code: "aborted" });
    const said = error instanceof Error ? error.message : "";
    throw new ProxyRequestError({ code: "unreachable", ...(said !== "" ? { detail: said } : {}) });
  }
  if (!response.ok) throw new ProxyRequestError(await errorFromResponse(response));
  try {
    return await response.json();
  } catch (error) {
    const said = error instanceof Error ? error.message : "";
    throw new ProxyRequestError({ code: "bad_response", ...(said !== "" ? { detail: said } : {}) });
  }
}
