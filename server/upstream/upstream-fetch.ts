import type { ProviderConfig } from "../config/types.ts";
import type { ProviderRuntime } from "../contract/provider.ts";
import { type ProxyError, proxyError } from "../errors.ts";
import { readLimitedText } from "./body-chunks.ts";
import { retryAfterMs } from "./retry-after.ts";
import { openConnection, STOP, type UpstreamConnection } from "./upstream-connection.ts";
import { readErrorBody, type UpstreamErrorBody, upstreamError } from "./upstream-error.ts";

export type { UpstreamConnection } from "./upstream-connection.ts";

/** A non-2xx answer, as the upstream said it (scrubbed), for a caller that may send again. */
export interface UpstreamRefusal {
  status: number;
  body: UpstreamErrorBody;
}

export type UpstreamResult =
  | { ok: true; connection: UpstreamConnection }
  | {
      ok: false;
      error: ProxyError;
      headers?: Record<string, string>;
      refusal?: UpstreamRefusal;
    };

/** Error bodies are read up to this many bytes; what they say past it is of no use to a person. */
const ERROR_BODY_BYTES = 64 * 1024;

function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message ?? "network error";
}

/**
 * Sends one request upstream with a connect timeout (until the headers arrive), retrying 429 and
 * 5xx answers before anything reached the client, honouring `retry-after`, never retrying
 * `insufficient_quota`. The client's abort signal stops the upstream request at any point.
 */
export async function fetchUpstream(
  provider: ProviderConfig,
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
  signal: AbortSignal,
  runtime: ProviderRuntime,
): Promise<UpstreamResult> {
  const { limits } = runtime;
  const gone = () =>
    ({
      ok: false,
      error: proxyError("client_closed", 499, "The client went away before the answer started.", {
        provider: provider.id,
      }),
    }) as const;
  for (let attempt = 0; ; attempt += 1) {
    if (signal.aborted) return gone();
    const controller = new AbortController();
    const onClientGone = () => controller.abort(STOP.client);
    signal.addEventListener("abort", onClientGone, { once: true });
    const connectTimer = setTimeout(() => controller.abort(STOP.connect), limits.connectTimeoutMs);
    let response: Response;
    try {
      response = await runtime.fetch(url, {
        ...init,
        redirect: "manual",
        signal: controller.signal,
      });
    } catch (error) {
      signal.removeEventListener("abort", onClientGone);
      const reason = controller.signal.reason;
      if (reason === STOP.client) return gone();
      if (reason === STOP.connect) {
        return {
          ok: false,
          error: proxyError(
            "upstream_timeout",
            504,
            `The upstream "${provider.id}" did not answer within ${Math.round(limits.connectTimeoutMs / 1000)} s. Try again; a slow server can be given more time with limits.connectTimeoutMs.`,
            { provider: provider.id },
          ),
        };
      }
      return {
        ok: false,
        error: proxyError(
          "upstream_unreachable",
          502,
          `Cannot reach the upstream "${provider.id}" (${runtime.redact(causeOf(error))}). Check that it is running and that its base URL in the server's configuration is right.`,
          { provider: provider.id },
        ),
      };
    } finally {
      clearTimeout(connectTimer);
    }

    const connection = openConnection(
      response,
      controller,
      () => signal.removeEventListener("abort", onClientGone),
      limits,
      runtime.now,
    );
    if (response.ok) return { ok: true, connection };
    const read = await readLimitedText(response, ERROR_BODY_BYTES, connection.touch);
    const reason = connection.stopReason();
    connection.close();
    if (!read.ok && reason === "client") return gone();
    if (!read.ok && (reason === "idle" || reason === "duration")) {
      return {
        ok: false,
        error: proxyError(
          "upstream_timeout",
          504,
          `The upstream "${provider.id}" answered HTTP ${response.status} and then sent nothing for ${Math.round(limits.idleTimeoutMs / 1000)} s. Try again; if it keeps happening, check the upstream server.`,
          { provider: provider.id },
        ),
      };
    }
    const body = readErrorBody(read.text, runtime.redact);
    const waitMs = retryAfterMs(response.headers, runtime.now());
    const error = upstreamError(
      response.status,
      body,
      provider,
      waitMs === null ? null : Math.ceil(waitMs / 1000),
    );
    const retryable =
      (response.status === 429 || response.status >= 500) && error.type !== "insufficient_quota";
    const delay =
      waitMs ??
      Math.min(limits.maxRetryDelayMs, 500 * 2 ** attempt + Math.floor(Math.random() * 250));
    if (!retryable || attempt >= limits.maxRetries || delay > limits.maxRetryDelayMs) {
      const headers: Record<string, string> = {};
      if (waitMs !== null) headers["retry-after"] = String(Math.ceil(waitMs / 1000));
      return { ok: false, error, headers, refusal: { status: response.status, body } };
    }
    await runtime.sleep(delay, signal);
  }
}
