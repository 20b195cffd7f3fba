import type { ModelError } from "../core/model.ts";
import { type ProxyConfig, proxyHeaders, proxyUrl } from "./proxy-config.ts";
import { errorFromResponse } from "./proxy-error.ts";

/** A failed proxy request, thrown for react-query; `error` holds what the UI shows. */
export class ProxyRequestError extends Error {
  constructor(readonly error: ModelError) {
    super(error.message);
    this.name = "ProxyRequestError";
  }
}

/** GETs a JSON document from the proxy; throws {@link ProxyRequestError} with words for the user. */
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
    throw new ProxyRequestError(
      signal?.aborted
        ? { kind: "aborted", message: "The request was cancelled." }
        : {
            kind: "network",
            message: `Could not reach the model proxy${error instanceof Error && error.message ? ` (${error.message})` : ""}. Check that Parley's server is running, then try again.`,
          },
    );
  }
  if (!response.ok) throw new ProxyRequestError(await errorFromResponse(response));
  try {
    return await response.json();
  } catch {
    throw new ProxyRequestError({
      kind: "protocol",
      message: `The model proxy sent ${path} in a form Parley cannot read. Check the proxy address.`,
    });
  }
}
