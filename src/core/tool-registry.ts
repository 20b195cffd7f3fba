import type { JsonObject } from "./json.ts";
import type { Tool } from "./tool.ts";
import { builtinTools } from "./tools/index.ts";
import builtinSchemas from "./tools/parameter-schemas.json" with { type: "json" };
import type { WireTool } from "./wire.ts";

/** The tools an agent may call, by name. */
export interface ToolRegistry {
  get(name: string): Tool | undefined;
  list(): readonly Tool[];
  /** Wire declarations for these names, in this order; names the registry lacks are skipped. */
  declare(names: readonly string[]): WireTool[];
}

/**
 * A registry of `tools`; a later tool with the same name replaces an earlier one. `schemaOf`
 * gives the JSON Schema the model is sent for a tool's parameters.
 */
export function createToolRegistry(
  tools: readonly Tool[],
  schemaOf: (tool: Tool) => JsonObject,
): ToolRegistry {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  return {
    get: (name) => byName.get(name),
    list: () => [...byName.values()],
    declare: (names) =>
      names.flatMap((name) => {
        const tool = byName.get(name);
        return tool
          ? [
              {
                type: "function" as const,
                function: {
                  name: tool.name,
                  description: tool.description,
                  parameters: schemaOf(tool),
                },
              },
            ]
          : [];
      }),
  };
}

/**
 * The built-in tools' schemas are derived with `z.toJSONSchema` ahead of time (`npm run schema`,
 * and a test fails when the file is stale): the converter is a fifth of zod, 6 kB gzip the page
 * would load at start only to turn five fixed schemas into JSON.
 */
const builtinSchemaOf = (tool: Tool): JsonObject => {
  const schema = (builtinSchemas as Record<string, JsonObject | undefined>)[tool.name];
  if (!schema) throw new Error(`${tool.name} has no schema in parameter-schemas.json`);
  return schema;
};

/** The registry of the built-in tools; `runTurn` uses it unless the context brings another. */
export const builtinToolRegistry: ToolRegistry = createToolRegistry(builtinTools, builtinSchemaOf);
