import { describe, expect, it } from "vitest";
import type { JsonObject, JsonValue } from "./json.ts";
import { validateJsonSchema } from "./json-schema.ts";

const person: JsonObject = {
  type: "object",
  properties: {
    name: { type: "string", minLength: 1, maxLength: 5 },
    age: { type: "integer", minimum: 0, maximum: 150 },
    role: { enum: ["admin", "user"] },
    tags: { type: "array", items: { type: "string" }, maxItems: 2 },
    note: { type: ["string", "null"] },
    kind: { const: "person" },
  },
  required: ["name"],
  additionalProperties: false,
};

describe("validateJsonSchema", () => {
  it("accepts a value that fits", () => {
    const value = { name: "Li", age: 30, role: "user", tags: ["a"], note: null, kind: "person" };
    expect(validateJsonSchema(person, value)).toEqual([]);
  });

  it.each<[JsonValue, string]>([
    [{}, "$.name: is required"],
    [{ name: 5 }, "$.name: expected string, received number"],
    [{ name: "" }, "$.name: must not be empty"],
    [{ name: "Li Ming Wang" }, "$.name: expected at most 5 characters"],
    [{ name: "Li", age: 1.5 }, "$.age: expected integer, received number"],
    [{ name: "Li", age: -1 }, "$.age: expected at least 0"],
    [{ name: "Li", age: 151 }, "$.age: expected at most 150"],
    [{ name: "Li", role: "root" }, '$.role: expected one of "admin", "user"'],
    [{ name: "Li", tags: ["a", 2] }, "$.tags[1]: expected string, received number"],
    [{ name: "Li", tags: ["a", "b", "c"] }, "$.tags: expected at most 2 items"],
    [{ name: "Li", note: 3 }, "$.note: expected string or null, received number"],
    [{ name: "Li", kind: "robot" }, '$.kind: expected "person"'],
    [{ name: "Li", extra: true }, '$: unexpected property "extra"'],
    [[], "$: expected object, received array"],
    [null, "$: expected object, received null"],
  ])("%j → %s", (value, problem) => {
    expect(validateJsonSchema(person, value)).toContain(problem);
  });

  it("counts characters, not UTF-16 units", () => {
    expect(validateJsonSchema(person, { name: "😀😀😀😀😀" })).toEqual([]);
  });

  it("checks additionalProperties given as a schema", () => {
    const schema: JsonObject = { type: "object", additionalProperties: { type: "number" } };
    expect(validateJsonSchema(schema, { a: 1, b: "x" })).toEqual([
      "$.b: expected number, received string",
    ]);
  });

  it("accepts anything under an empty schema and ignores unknown keywords", () => {
    expect(validateJsonSchema({}, { any: [1, { x: null }] })).toEqual([]);
    expect(validateJsonSchema({ type: "string", format: "email" }, "not an email")).toEqual([]);
  });

  it("stops after the limit", () => {
    const schema: JsonObject = { type: "array", items: { type: "string" } };
    expect(validateJsonSchema(schema, [1, 2, 3, 4, 5, 6, 7], 3)).toHaveLength(3);
  });

  it("does not treat inherited names as declared properties", () => {
    const schema: JsonObject = { type: "object", properties: {}, additionalProperties: false };
    expect(validateJsonSchema(schema, JSON.parse('{"toString": 1}'))).toEqual([
      '$: unexpected property "toString"',
    ]);
  });
});
