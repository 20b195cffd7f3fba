import type { ProviderConfig } from "../config/types.ts";
import { type ProxyError, proxyError } from "../errors.ts";
import { contextLengthError, isContextLength } from "./context-length.ts";
import type { UpstreamErrorBody } from "./upstream-error-body.ts";

export type { UpstreamErrorBody };

function str(value: unknown): string | undefined {
  if (typeof value === "string" && value !== "") return value;
  if (typeof value === "number") return String(value);
  return undefined;
}

const MESSAGE_CHARS = 500;
const CODE_CHARS = 100;

/**
 * Reads the error bodies real servers send: OpenAI `{error:{message,type,code}}`, Anthropic
 * `{type:"error",error:{type,message}}`, `{error:"text"}`, vLLM `{object:"error",message}`,
 * FastAPI `{detail}`, or plain text. Each field is scrubbed of secrets once parsed (so an
 * escaped key is found) and before it is cut (so a cut cannot leave part of a key).
 */
export function readErrorBody(text: string, redact: (text: string) => string): UpstreamErrorBody {
  const clean = (value: string, max: number) => redact(value).slice(0, max);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { message: clean(text.trim(), MESSAGE_CHARS) };
  }
  const body = (json ?? {}) as Record<string, unknown>;
  const inner = body.error;
  const out: UpstreamErrorBody = { message: "" };
  let type: string | undefined;
  let code: string | undefined;
  let param: string | undefined;
  if (inner && typeof inner === "object") {
    const e = inner as Record<string, unknown>;
    out.message = clean(str(e.message) ?? JSON.stringify(e), MESSAGE_CHARS);
    type = str(e.type);
    code = str(e.code);
    param = str(e.param);
  } else {
    const message = str(inner) ?? str(body.message) ?? str(body.detail) ?? JSON.stringify(body);
    out.message = clean(message, MESSAGE_CHARS);
    type = str(body.type);
    if (type === "error") type = undefined;
    code = str(body.code);
  }
  if (type) out.type = clean(type, CODE_CHARS);
  if (code) out.code = clean(code, CODE_CHARS);
  if (param) out.param = clean(param, CODE_CHARS);
  return out;
}

function keyHint(provider: ProviderConfig): string {
  const name = provider.apiKeyEnv ?? "the provider's key variable";
  return provider.apiKey === undefined
    ? `No key is configured for it: set ${name} on the server.`
    : `Check ${name} on the server.`;
}

const sentence = (text: string) => text.replace(/\s+$/u, "").replace(/[.!]?$/u, ".");

/** Turns an upstream's non-2xx answer into the proxy's error, with a message that says what to do. */
export function upstreamError(
  status: number,
  body: UpstreamErrorBody,
  provider: ProviderConfig,
  retryAfterSeconds: number | null,
): ProxyError {
  const id = provider.id;
  const said = sentence(body.message || `HTTP ${status}`);
  const extra = { provider: id, code: body.code ?? body.type ?? null };
  const quota = body.code === "insufficient_quota" || body.type === "insufficient_quota";
  if (status === 401 || status === 403) {
    return proxyError(
      "upstream_auth",
      502,
      `The upstream "${id}" rejected the key (HTTP ${status}: ${said}) ${keyHint(provider)}`,
      extra,
    );
  }
  if (quota) {
    return proxyError(
      "insufficient_quota",
      429,
      `The account behind the "${id}" key has no credit left (${said}) Add credit with the provider, or pick another model.`,
      extra,
    );
  }
  if (status === 429) {
    const wait = retryAfterSeconds !== null ? `Wait ${retryAfterSeconds} s` : "Wait a moment";
    return proxyError(
      "upstream_rate_limited",
      429,
      `The upstream "${id}" is rate-limiting requests (${said}) ${wait} and try again.`,
      extra,
    );
  }
  if (status === 529 || status === 503 || body.type === "overloaded_error") {
    return proxyError(
      "upstream_overloaded",
      503,
      `The upstream "${id}" is overloaded (HTTP ${status}: ${said}) Try again in a moment.`,
      extra,
    );
  }
  if (isContextLength(status, body)) return contextLengthError(status, said, provider);
  if (status === 404) {
    return proxyError(
      "upstream_not_found",
      404,
      `The upstream "${id}" does not know this model or path (${said}) Check the model name and the provider's base URL.`,
      extra,
    );
  }
  if (status >= 400 && status < 500) {
    return proxyError(
      "upstream_rejected",
      status === 413 ? 413 : status === 422 ? 422 : 400,
      `The upstream "${id}" refused the request (HTTP ${status}: ${said}) Change the request, or the provider's defaults in the server's configuration.`,
      extra,
    );
  }
  return proxyError(
    "upstream_error",
    502,
    `The upstream "${id}" failed (HTTP ${status}: ${said}) Try again; if it keeps failing, check the provider's status.`,
    extra,
  );
}
