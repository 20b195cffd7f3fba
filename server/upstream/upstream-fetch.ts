import type { ProviderConfig } from "../config/types.ts";
import { type ProxyError, proxyError } from "../errors.ts";
import type { ProviderRuntime } from "../providers/provider.ts";
import { readErrorBody, upstreamError } from "./upstream-error.ts";

/** An upstream response whose headers arrived; `close` must be called when its body is done with. */
export interface UpstreamConnection {
  response: Response;
  /** Call on every piece of body received: feeds the idle watchdog. */
  touch: () => void;
  /** Why the body stopped early, when the proxy stopped it. */
  stopReason: () => "idle" | "client" | null;
  close: () => void;
}

export type UpstreamResult =
  | { ok: true; connection: UpstreamConnection }
  | { ok: false; error: ProxyError; headers?: Record<string, string> };

/** Why the proxy stopped an upstream request; plain values, as building an Error per request is costly. */
const STOP = {
  client: Object.freeze({ stop: "client" }),
  connect: Object.freeze({ stop: "connect" }),
  idle: Object.freeze({ stop: "idle" }),
} as const;

/** Seconds the upstream asked us to wait (`retry-after-ms`, `retry-after` as seconds or a date). */
export function retryAfterMs(headers: Headers, now: number): number | null {
  const ms = Number(headers.get("retry-after-ms"));
  if (headers.has("retry-after-ms") && Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers.get("retry-after");
  if (value === null) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message ?? "network error";
}

async function errorText(response: Response): Promise<string> {
  try {
    const text = await response.text();
    return text.slice(0, 64 * 1024);
  } catch {
    return "";
  }
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

    if (response.ok) {
      let last = runtime.now();
      let idleTimer: ReturnType<typeof setTimeout> | undefined;
      const check = () => {
        const quiet = runtime.now() - last;
        if (quiet >= limits.idleTimeoutMs) controller.abort(STOP.idle);
        else idleTimer = setTimeout(check, limits.idleTimeoutMs - quiet);
      };
      idleTimer = setTimeout(check, limits.idleTimeoutMs);
      const connection: UpstreamConnection = {
        response,
        touch: () => {
          last = runtime.now();
        },
        stopReason: () => {
          const reason = controller.signal.reason;
          return reason === STOP.client ? "client" : reason === STOP.idle ? "idle" : null;
        },
        close: () => {
          clearTimeout(idleTimer);
          signal.removeEventListener("abort", onClientGone);
          if (!controller.signal.aborted) controller.abort(STOP.client);
        },
      };
      return { ok: true, connection };
    }

    const body = readErrorBody(await errorText(response), runtime.redact);
    signal.removeEventListener("abort", onClientGone);
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
      return { ok: false, error, headers };
    }
    await runtime.sleep(delay, signal);
  }
}
