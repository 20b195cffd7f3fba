import type { JsonObject, JsonValue } from "../core/json.ts";
import { jsonPath } from "./import-issue.ts";
import { isObject } from "./json-read.ts";

/**
 * Checks a value against the JSON Schema keywords `docs/parley-export.schema.json` uses: `$ref`
 * into `$defs`, `type`, `const`, `enum`, `required`, `properties`, `additionalProperties: false`,
 * `items`, `minLength`/`maxLength` (in code points), `pattern`, `minimum`, `maxItems`. Returns
 * the problems, each with its JSON path; an empty list means the value fits.
 */
export function checkSchema(root: JsonObject, value: JsonValue, limit = 20): string[] {
  const problems: string[] = [];
  const stack: Array<{ schema: JsonValue; value: JsonValue; path: Array<string | number> }> = [
    { schema: root, value, path: [] },
  ];
  while (stack.length > 0 && problems.length < limit) {
    const next = stack.pop();
    if (!next || !isObject(next.schema)) continue;
    let schema: JsonObject = next.schema;
    const { value: v, path } = next;
    const report = (message: string) => problems.push(`${jsonPath(path)}: ${message}`);
    if (typeof schema.$ref === "string") {
      const name = schema.$ref.replace("#/$defs/", "");
      const defs = isObject(root.$defs) ? root.$defs : {};
      const target = defs[name];
      if (!isObject(target)) {
        report(`unknown $ref ${schema.$ref}`);
        continue;
      }
      schema = target;
    }
    if (schema.const !== undefined && JSON.stringify(schema.const) !== JSON.stringify(v))
      report(`expected ${JSON.stringify(schema.const)}`);
    if (Array.isArray(schema.enum) && !schema.enum.some((option) => option === v))
      report(`expected one of ${JSON.stringify(schema.enum)}`);
    const type = schema.type;
    if (typeof type === "string") {
      const actual = v === null ? "null" : Array.isArray(v) ? "array" : typeof v;
      const ok = type === "integer" ? Number.isInteger(v) : actual === type;
      if (!ok) {
        report(`expected ${type}, found ${actual}`);
        continue;
      }
    }
    if (typeof v === "string") {
      const length = Array.from(v).length;
      if (typeof schema.maxLength === "number" && length > schema.maxLength)
        report(`longer than ${schema.maxLength}`);
      if (typeof schema.minLength === "number" && length < schema.minLength)
        report(`shorter than ${schema.minLength}`);
      if (typeof schema.pattern === "string" && !new RegExp(schema.pattern, "u").test(v))
        report(`does not match ${schema.pattern}`);
    }
    if (typeof v === "number" && typeof schema.minimum === "number" && v < schema.minimum)
      report(`below ${schema.minimum}`);
    if (Array.isArray(v)) {
      if (typeof schema.maxItems === "number" && v.length > schema.maxItems)
        report(`more than ${schema.maxItems} items`);
      if (schema.items !== undefined)
        v.forEach((item, i) => {
          stack.push({ schema: schema.items as JsonValue, value: item, path: [...path, i] });
        });
    }
    if (isObject(v)) {
      const properties = isObject(schema.properties) ? schema.properties : {};
      if (Array.isArray(schema.required))
        for (const key of schema.required)
          if (typeof key === "string" && !Object.hasOwn(v, key)) report(`missing ${key}`);
      for (const [key, child] of Object.entries(v)) {
        const sub = Object.hasOwn(properties, key) ? properties[key] : undefined;
        if (sub !== undefined) stack.push({ schema: sub, value: child, path: [...path, key] });
        else if (schema.additionalProperties === false) report(`unexpected key ${key}`);
      }
    }
  }
  return problems;
}
