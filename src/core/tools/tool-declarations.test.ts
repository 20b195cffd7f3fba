import { readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { schemaOf } from "../../test/tool-schema.ts";
import { builtinToolCatalog } from "./builtin-catalog.ts";
import { builtinToolRegistry } from "./builtin-registry.ts";
import { builtinTools } from "./index.ts";

const FILE = "src/core/tools/tool-declarations.json";
const generated = `${JSON.stringify(
  builtinTools.map((tool) => ({
    type: "function",
    function: { name: tool.name, description: tool.description, parameters: schemaOf(tool) },
  })),
  null,
  2,
)}\n`;

describe("src/core/tools/tool-declarations.json", () => {
  it("is what the built-in tools declare, parameters by z.toJSONSchema (npm run schema writes it)", () => {
    if (process.env.UPDATE_SCHEMA) writeFileSync(FILE, generated);
    expect(readFileSync(FILE, "utf8"), `${FILE} is stale: run npm run schema`).toBe(generated);
  });

  it("is what the built-in registry sends the model, for every tool", () => {
    const declared = builtinToolRegistry.declare(builtinTools.map((tool) => tool.name));
    expect(declared.map((d) => d.function.name)).toEqual(builtinTools.map((tool) => tool.name));
    for (const [i, tool] of builtinTools.entries()) {
      expect(declared[i]?.function.parameters).toEqual(schemaOf(tool));
      expect(declared[i]?.function.description).toBe(tool.description);
    }
  });

  it("gives the page the registry's names and declarations without the tools' code", () => {
    const names = builtinTools.map((tool) => tool.name);
    expect(builtinToolCatalog.names()).toEqual(names);
    expect(builtinToolCatalog.declare(["current_time", "nope", "calculator"])).toEqual(
      builtinToolRegistry.declare(["current_time", "calculator"]),
    );
  });
});
