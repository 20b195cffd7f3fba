import type { JsonObject } from "../../core/json.ts";

export type StateParse =
  | { ok: true; value: JsonObject }
  | { ok: false; reason: "notObject" | "syntax"; detail: string };

/** The edited state: a JSON object, or why it is not one (nothing is saved then). */
export function parseState(text: string): StateParse {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      reason: "syntax",
      detail: error instanceof Error ? error.message : String(error),
    };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { ok: false, reason: "notObject", detail: "" };
  }
  return { ok: true, value: value as JsonObject };
}
