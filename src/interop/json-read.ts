import type { JsonObject, JsonValue } from "../core/json.ts";
import type { ImportIssue } from "./import-issue.ts";
import { fromFile } from "./import-problem.ts";

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

/** The text of each part of a content list: strings and `text` fields as they are, other parts as `placeholder` names them. */
export function partTexts(
  parts: readonly JsonValue[],
  placeholder: (part: JsonObject) => string | undefined,
): string[] {
  const out: string[] = [];
  for (const part of parts) {
    if (typeof part === "string") out.push(part);
    else if (isObject(part)) {
      const text = asString(part.text) ?? placeholder(part);
      if (text !== undefined) out.push(text);
    }
  }
  return out;
}

const IMAGE_PARTS = new Set(["image_url", "image", "input_image"]);

/** Text of OpenAI-style content: a string, or parts of which the text ones are kept. */
export function contentText(value: JsonValue | undefined): string {
  if (typeof value === "string") return value;
  const parts = asArray(value);
  if (!parts) return "";
  return partTexts(parts, ({ type }) =>
    typeof type !== "string" ? undefined : IMAGE_PARTS.has(type) ? "[image]" : `[${type}]`,
  ).join("\n");
}

/**
 * The role of a message from an app that has no tool messages, or undefined (with a warning that
 * the message was left out) when it is not system, user or assistant.
 */
export function plainRole(
  message: JsonObject,
  path: string,
  warnings: ImportIssue[],
): "system" | "user" | "assistant" | undefined {
  const role = asString(message.role);
  if (role === "system" || role === "user" || role === "assistant") return role;
  warnings.push({
    path: `${path}.role`,
    code: "role-unknown",
    role: fromFile(message.role),
  });
  return undefined;
}
