import * as z from "zod/mini";
import type { JsonObject, JsonValue } from "./json.ts";
import { formatJsonPath } from "./json-value.ts";

/** A parameter that must be given, with any JSON value (the model sees only its description). */
export function anyJson(description: string) {
  return z.unknown().check(
    z.refine((value) => value !== undefined, { error: "is required", abort: true }),
    z.describe(description),
  ) as unknown as z.core.$ZodType<JsonValue>;
}

const schemas = new WeakMap<z.core.$ZodType, JsonObject>();

/** The JSON Schema of a tool's parameters, as the model is sent it (derived once per schema). */
export function parametersJsonSchema(parameters: z.core.$ZodType): JsonObject {
  let schema = schemas.get(parameters);
  if (!schema) {
    const { $schema: _dialect, ...rest } = z.toJSONSchema(parameters) as JsonObject;
    schema = rest;
    schemas.set(parameters, schema);
  }
  return schema;
}

function typeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

/** One issue in the words the model reads back, e.g. `$.expression: expected string, received number`. */
function wordsFor(issue: z.core.$ZodIssue, input: unknown): string[] {
  const at = (path: readonly PropertyKey[]) =>
    formatJsonPath(path.filter((p): p is string | number => typeof p !== "symbol"));
  const value = issue.path.reduce<unknown>(
    (v, key) =>
      typeof v === "object" && v !== null ? (v as Record<PropertyKey, unknown>)[key] : undefined,
    input,
  );
  switch (issue.code) {
    case "invalid_type":
      return [
        value === undefined && issue.path.length > 0
          ? `${at(issue.path)}: is required`
          : `${at(issue.path)}: expected ${issue.expected}, received ${typeOf(value)}`,
      ];
    case "unrecognized_keys":
      return issue.keys.map((key) => `${at(issue.path)}: unexpected property "${key}"`);
    case "too_small":
      if (issue.origin === "string")
        return [
          `${at(issue.path)}: ${Number(issue.minimum) === 1 ? "must not be empty" : `expected at least ${issue.minimum} characters`}`,
        ];
      return [`${at(issue.path)}: expected at least ${issue.minimum}`];
    case "too_big":
      if (issue.origin === "string")
        return [`${at(issue.path)}: expected at most ${issue.maximum} characters`];
      return [`${at(issue.path)}: expected at most ${issue.maximum}`];
    case "invalid_value":
      return [
        `${at(issue.path)}: expected one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}`,
      ];
    default:
      return [`${at(issue.path)}: ${issue.message}`];
  }
}

/**
 * What is wrong with `args` for these parameters (at most `limit` problems, each naming its
 * path, e.g. `$.expression: expected string, received number`); an empty list means they fit.
 */
export function parameterProblems(
  parameters: z.core.$ZodType,
  args: JsonObject,
  limit = 5,
): string[] {
  const parsed = z.safeParse(parameters, args);
  if (parsed.success) return [];
  return parsed.error.issues.flatMap((issue) => wordsFor(issue, args)).slice(0, limit);
}
