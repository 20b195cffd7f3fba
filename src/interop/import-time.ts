/**
 * An ISO 8601 UTC time from what other apps write: epoch seconds (ChatGPT), epoch
 * milliseconds (NextChat), or a date string. Undefined when it is not a usable time.
 */
export function toIsoTime(
  value: unknown,
  unit: "seconds" | "milliseconds" = "seconds",
): string | undefined {
  let ms: number;
  if (typeof value === "number") ms = unit === "seconds" ? value * 1000 : value;
  else if (typeof value === "string" && value.trim() !== "") ms = Date.parse(value);
  else return undefined;
  if (!Number.isFinite(ms) || ms < 0 || ms > 8.64e15) return undefined;
  const date = new Date(ms);
  const year = date.getUTCFullYear();
  return year >= 1970 && year <= 9999 ? date.toISOString() : undefined;
}
