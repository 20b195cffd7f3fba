import type { JsonObject, JsonValue } from "./json.ts";

/** Deepest nesting of arrays and objects accepted in untrusted JSON (state, metadata, tool arguments). */
export const MAX_JSON_DEPTH = 64;

/**
 * Where a value is not plain JSON, and why: a number that is not finite, a value JSON has no
 * form for (a function, `undefined`), nesting deeper than allowed, or an object that is not a
 * plain one (a Date, a Map).
 */
export interface JsonProblem {
  path: (string | number)[];
  code: "not-finite" | "not-json" | "too-deep" | "not-plain";
}

/** The problem in words for a model, which reads English (a tool's result, never the UI's words). */
export function jsonProblemForModel(problem: JsonProblem, maxDepth = MAX_JSON_DEPTH): string {
  const where = formatJsonPath(problem.path);
  switch (problem.code) {
    case "not-finite":
      return `${where}: expected a finite number`;
    case "not-json":
      return `${where}: expected a JSON value`;
    case "too-deep":
      return `${where}: nested more than ${maxDepth} levels deep; flatten the value`;
    case "not-plain":
      return `${where}: expected a plain JSON object`;
  }
}

/** The first place where `value` is not plain JSON (finite numbers, plain objects, no cycles, bounded depth). */
export function findJsonProblem(
  value: unknown,
  maxDepth = MAX_JSON_DEPTH,
): JsonProblem | undefined {
  return walk(value, [], 0, maxDepth);
}

function walk(
  value: unknown,
  path: (string | number)[],
  depth: number,
  maxDepth: number,
): JsonProblem | undefined {
  if (value === null || typeof value === "string" || typeof value === "boolean") return undefined;
  if (typeof value === "number")
    return Number.isFinite(value) ? undefined : { path, code: "not-finite" };
  if (typeof value !== "object") return { path, code: "not-json" };
  if (depth >= maxDepth) return { path, code: "too-deep" };
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const problem = walk(value[i], [...path, i], depth + 1, maxDepth);
      if (problem) return problem;
    }
    return undefined;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return { path, code: "not-plain" };
  for (const [key, child] of Object.entries(value)) {
    const problem = walk(child, [...path, key], depth + 1, maxDepth);
    if (problem) return problem;
  }
  return undefined;
}

/**
 * A deep copy of a JSON value. Keys are defined, not assigned, so a `__proto__` key read from
 * untrusted JSON stays an ordinary key instead of replacing the prototype.
 */
export function cloneJson<T extends JsonValue>(value: T): T {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((item) => cloneJson(item)) as T;
  const out: JsonObject = {};
  for (const [key, child] of Object.entries(value)) {
    Object.defineProperty(out, key, {
      value: cloneJson(child),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out as T;
}

/** `$`, `$.messages[3].role`, `$.state["a b"]`: the JSONPath-like name of a location. */
export function formatJsonPath(path: readonly PropertyKey[]): string {
  let out = "$";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else if (typeof part === "string" && /^[A-Za-z_$][\w$]*$/.test(part)) out += `.${part}`;
    else out += `[${JSON.stringify(String(part))}]`;
  }
  return out;
}
