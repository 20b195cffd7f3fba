import type { ModelError } from "../core/model.ts";
import { isRecord } from "./is-record.ts";

/**
 * The error a non-2xx proxy response carries: Parley's `{ error: { type, message, status,
 * provider } }`, OpenAI's `{ error: { message, type, code } }`, or, failing both, words for the
 * status. `retryAfter` comes from the `Retry-After` header (seconds or an HTTP date).
 */
export async function errorFromResponse(response: Response): Promise<ModelError> {
  let text = "";
  try {
    text = await response.text();
  } catch {
    text = "";
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const detail = isRecord(body) ? body.error : undefined;
  const error: ModelError = {
    kind: "http",
    status: response.status,
    message: messageForStatus(response.status),
  };
  if (typeof detail === "string" && detail !== "") error.message = detail;
  if (isRecord(detail)) {
    if (typeof detail.message === "string" && detail.message !== "") error.message = detail.message;
    if (typeof detail.type === "string") error.type = detail.type;
    if (typeof detail.provider === "string") error.provider = detail.provider;
  }
  const retryAfter = parseRetryAfter(response.headers.get("retry-after"));
  if (retryAfter !== undefined) error.retryAfter = retryAfter;
  return error;
}

/** Seconds to wait from a `Retry-After` value; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === "") return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

function messageForStatus(status: number): string {
  if (status === 401 || status === 403)
    return `The model proxy refused the request (${status}). Set the access token in Settings.`;
  if (status === 404)
    return "The model proxy does not know this route (404). Check the proxy address.";
  if (status === 413)
    return "The conversation is too large for the model proxy (413). Start a new chat.";
  if (status === 429) return "Too many requests (429). Wait a moment and try again.";
  if (status >= 500)
    return `The model proxy failed (${status}). Try again in a moment; if it keeps failing, check the server log.`;
  return `The model proxy answered with status ${status}. Try again.`;
}
