import type { JsonObject, JsonValue } from "./json.ts";
import { formatJsonPath } from "./json-value.ts";

/**
 * Checks a JSON value against the subset of JSON Schema that tool parameters use: `type`
 * (one or a list), `enum`, `const`, `properties`, `required`, `additionalProperties`, `items`,
 * `minLength`/`maxLength`, `minimum`/`maximum`, `minItems`/`maxItems`. Other keywords are
 * ignored. Returns the problems found (at most `limit`), each naming its path, e.g.
 * `$.expression: expected string, received number`; an empty list means the value fits.
 */
export function validateJsonSchema(schema: JsonObject, value: JsonValue, limit = 5): string[] {
  const problems: string[] = [];
  check(schema, value, [], problems, limit);
  return problems;
}

type Path = (string | number)[];

function check(schema: JsonValue, value: JsonValue, path: Path, out: string[], limit: number) {
  if (out.length >= limit || !isObject(schema)) return;
  const report = (message: string) => {
    if (out.length < limit) out.push(`${formatJsonPath(path)}: ${message}`);
  };
  const types = typeList(schema.type);
  if (types && !types.some((t) => hasType(value, t))) {
    report(`expected ${types.join(" or ")}, received ${typeOf(value)}`);
    return;
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((option) => sameJson(option, value)))
    report(`expected one of ${schema.enum.map((o) => JSON.stringify(o)).join(", ")}`);
  if (schema.const !== undefined && !sameJson(schema.const, value))
    report(`expected ${JSON.stringify(schema.const)}`);
  if (typeof value === "string") checkString(schema, value, report);
  if (typeof value === "number") checkNumber(schema, value, report);
  if (Array.isArray(value)) {
    if (typeof schema.minItems === "number" && value.length < schema.minItems)
      report(`expected at least ${schema.minItems} items`);
    if (typeof schema.maxItems === "number" && value.length > schema.maxItems)
      report(`expected at most ${schema.maxItems} items`);
    if (schema.items !== undefined)
      value.forEach((item, i) => {
        check(schema.items ?? {}, item, [...path, i], out, limit);
      });
  }
  if (isObject(value)) checkObject(schema, value, path, out, limit, report);
}

function checkString(schema: JsonObject, value: string, report: (m: string) => void) {
  const length = Array.from(value).length;
  if (typeof schema.minLength === "number" && length < schema.minLength)
    report(
      schema.minLength === 1
        ? "must not be empty"
        : `expected at least ${schema.minLength} characters`,
    );
  if (typeof schema.maxLength === "number" && length > schema.maxLength)
    report(`expected at most ${schema.maxLength} characters`);
}

function checkNumber(schema: JsonObject, value: number, report: (m: string) => void) {
  if (typeof schema.minimum === "number" && value < schema.minimum)
    report(`expected at least ${schema.minimum}`);
  if (typeof schema.maximum === "number" && value > schema.maximum)
    report(`expected at most ${schema.maximum}`);
}

function checkObject(
  schema: JsonObject,
  value: JsonObject,
  path: Path,
  out: string[],
  limit: number,
  report: (m: string) => void,
) {
  const properties = isObject(schema.properties) ? schema.properties : {};
  if (Array.isArray(schema.required))
    for (const key of schema.required)
      if (typeof key === "string" && !Object.hasOwn(value, key) && out.length < limit)
        out.push(`${formatJsonPath([...path, key])}: is required`);
  for (const [key, child] of Object.entries(value)) {
    const childSchema = Object.hasOwn(properties, key) ? properties[key] : undefined;
    if (childSchema !== undefined) check(childSchema, child, [...path, key], out, limit);
    else if (schema.additionalProperties === false) report(`unexpected property "${key}"`);
    else if (isObject(schema.additionalProperties))
      check(schema.additionalProperties, child, [...path, key], out, limit);
  }
}

function typeList(type: JsonValue | undefined): string[] | undefined {
  if (typeof type === "string") return [type];
  if (Array.isArray(type)) return type.filter((t): t is string => typeof t === "string");
  return undefined;
}

function hasType(value: JsonValue, type: string): boolean {
  switch (type) {
    case "integer":
      return typeof value === "number" && Number.isInteger(value);
    case "number":
      return typeof value === "number";
    case "array":
      return Array.isArray(value);
    case "object":
      return isObject(value);
    case "null":
      return value === null;
    default:
      return typeof value === type;
  }
}

function typeOf(value: JsonValue): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function sameJson(a: JsonValue, b: JsonValue): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const aKeys = Object.keys(a);
  const bKeys = Object.keys(b);
  if (aKeys.length !== bKeys.length) return false;
  const aRecord = a as Record<string, JsonValue>;
  const bRecord = b as Record<string, JsonValue>;
  return aKeys.every(
    (key) => Object.hasOwn(bRecord, key) && sameJson(aRecord[key] ?? null, bRecord[key] ?? null),
  );
}
