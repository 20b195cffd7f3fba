import type { JsonObject, JsonValue } from "../core/json.ts";

export function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function asString(value: JsonValue | undefined): string | undefined {
  return typeof value === "string" ? value : undefined;
}

export function asArray(value: JsonValue | undefined): JsonValue[] | undefined {
  return Array.isArray(value) ? value : undefined;
}

/** A string id from a string or a number (older exports used numbers). */
export function asId(value: JsonValue | undefined): string | undefined {
  if (typeof value === "string" && value !== "") return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return undefined;
}

/** Text of OpenAI-style content: a string, or parts of which the text ones are kept. */
export function contentText(value: JsonValue | undefined): string {
  if (typeof value === "string") return value;
  const parts = asArray(value);
  if (!parts) return "";
  const out: string[] = [];
  for (const part of parts) {
    if (typeof part === "string") out.push(part);
    else if (isObject(part)) {
      const text = asString(part.text);
      if (text !== undefined) out.push(text);
      else if (part.type === "image_url" || part.type === "image" || part.type === "input_image")
        out.push("[image]");
      else if (typeof part.type === "string") out.push(`[${part.type}]`);
    }
  }
  return out.join("\n");
}
