import { readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { schemaOf } from "../../test/tool-schema.ts";
import { builtinToolRegistry } from "../tool-registry.ts";
import { builtinTools } from "./index.ts";

const FILE = "src/core/tools/parameter-schemas.json";
const generated = `${JSON.stringify(
  Object.fromEntries(builtinTools.map((tool) => [tool.name, schemaOf(tool)])),
  null,
  2,
)}\n`;

describe("src/core/tools/parameter-schemas.json", () => {
  it("is what z.toJSONSchema derives from the built-in tools' parameters (npm run schema writes it)", () => {
    if (process.env.UPDATE_SCHEMA) writeFileSync(FILE, generated);
    expect(readFileSync(FILE, "utf8"), `${FILE} is stale: run npm run schema`).toBe(generated);
  });

  it("is what the built-in registry sends the model, for every tool", () => {
    const declared = builtinToolRegistry.declare(builtinTools.map((tool) => tool.name));
    expect(declared.map((d) => d.function.name)).toEqual(builtinTools.map((tool) => tool.name));
    for (const [i, tool] of builtinTools.entries())
      expect(declared[i]?.function.parameters).toEqual(schemaOf(tool));
  });
});
