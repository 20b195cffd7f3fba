import type { JsonObject, JsonValue } from "./json.ts";

/** Deepest nesting of arrays and objects accepted in untrusted JSON (state, metadata, tool arguments). */
export const MAX_JSON_DEPTH = 64;

export interface JsonProblem {
  path: (string | number)[];
  message: string;
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
    return Number.isFinite(value) ? undefined : { path, message: "expected a finite number" };
  if (typeof value !== "object")
    return { path, message: `expected a JSON value, received ${typeof value}` };
  if (depth >= maxDepth)
    return { path, message: `nested more than ${maxDepth} levels deep; flatten the value` };
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const problem = walk(value[i], [...path, i], depth + 1, maxDepth);
      if (problem) return problem;
    }
    return undefined;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null)
    return { path, message: "expected a plain JSON object" };
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
