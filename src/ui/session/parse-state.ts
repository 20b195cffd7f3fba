import type { CodecProblem } from "../../core/codec/codec-problem.ts";
import type { JsonObject } from "../../core/json.ts";
import { findJsonProblem, formatJsonPath, MAX_JSON_DEPTH } from "../../core/json-value.ts";

export type StateParse =
  | { ok: true; value: JsonObject }
  | { ok: false; reason: "notObject" | "syntax"; detail: string }
  | { ok: false; reason: "unstorable"; path: string; problem: CodecProblem };

/**
 * The edited state: a JSON object the app can store and read back, or why it is not one
 * (nothing is saved then). `unstorable` names the JSON path of the first problem, such as a
 * value nested deeper than the codec reads.
 */
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
  const problem = findJsonProblem(value);
  if (problem)
    return {
      ok: false,
      reason: "unstorable",
      path: formatJsonPath(problem.path),
      problem: { code: "field-not-json", problem: problem.code, maxDepth: MAX_JSON_DEPTH },
    };
  return { ok: true, value: value as JsonObject };
}
