/** The longest wait an upstream's retry-after is taken to ask for (a day), so `1e308` stays a number. */
export const MAX_RETRY_AFTER_MS = 24 * 60 * 60_000;

/**
 * Milliseconds the upstream asked us to wait (`retry-after-ms`, `retry-after` as seconds or a
 * date), at most `MAX_RETRY_AFTER_MS`; null when it did not say.
 */
export function retryAfterMs(headers: Headers, now: number): number | null {
  const ms = Number(headers.get("retry-after-ms"));
  if (headers.has("retry-after-ms") && Number.isFinite(ms) && ms >= 0)
    return Math.min(ms, MAX_RETRY_AFTER_MS);
  const value = headers.get("retry-after");
  if (value === null) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, MAX_RETRY_AFTER_MS);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.min(Math.max(0, date - now), MAX_RETRY_AFTER_MS);
}
