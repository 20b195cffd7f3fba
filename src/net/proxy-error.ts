import type { ModelError } from "../core/model.ts";
import { isRecord } from "./is-record.ts";

/**
 * The error a non-2xx proxy response carries: its status, and as the detail what the body said
 * (Parley's `{ error: { type, message, status, provider } }`, OpenAI's `{ error: { message, type,
 * code } }`, or `{ error: "…" }`). `retryAfter` comes from the `Retry-After` header (seconds or an
 * HTTP date).
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
  const said = isRecord(body) ? body.error : undefined;
  const error: ModelError = { code: "http_status", status: response.status };
  if (typeof said === "string" && said !== "") error.detail = said;
  if (isRecord(said)) {
    if (typeof said.message === "string" && said.message !== "") error.detail = said.message;
    if (typeof said.type === "string") error.type = said.type;
    if (typeof said.provider === "string") error.provider = said.provider;
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
