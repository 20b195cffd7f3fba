import { describe, expect, it } from "vitest";
import * as z from "zod";
import { anyJson, parameterProblems, parametersJsonSchema } from "./tool-parameters.ts";
import { builtinToolRegistry } from "./tools/builtin-registry.ts";

describe("tool parameters as zod schemas", () => {
  it("give the model a JSON Schema derived from the zod schema, without the dialect", () => {
    const [calculator] = builtinToolRegistry.declare(["calculator"]);
    expect(calculator?.function.parameters).toEqual({
      type: "object",
      properties: {
        expression: {
          type: "string",
          minLength: 1,
          maxLength: expect.any(Number),
          description: "The expression, e.g. 2+3 or 5*4",
        },
      },
      required: ["expression"],
      additionalProperties: false,
    });
    const [stateSet] = builtinToolRegistry.declare(["state_set"]);
    expect(stateSet?.function.parameters).toMatchObject({
      properties: { value: { description: "Any JSON value" } },
      required: ["key", "value"],
    });
  });

  it("name each problem with its path, in the words the model reads back", () => {
    const schema = z.strictObject({
      name: z.string().min(1).max(3),
      count: z.number().max(2),
      kind: z.enum(["a", "b"]),
      value: anyJson("anything"),
    });
    expect(
      parameterProblems(schema, { name: "", count: 5, kind: "c", value: null, extra: 1 }),
    ).toEqual([
      "$.name: must not be empty",
      "$.count: expected at most 2",
      '$.kind: expected one of "a", "b"',
      '$: unexpected property "extra"',
    ]);
    expect(parameterProblems(schema, { name: 7, count: 1, kind: "a" })).toEqual([
      "$.name: expected string, received number",
      "$.value: is required",
    ]);
    expect(parameterProblems(schema, { name: "abcd", count: 1, kind: "a", value: 1 })).toEqual([
      "$.name: expected at most 3 characters",
    ]);
  });

  it("derive the schema once per tool", () => {
    const schema = z.strictObject({});
    expect(parametersJsonSchema(schema)).toBe(parametersJsonSchema(schema));
  });
});
