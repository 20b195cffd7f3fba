import type { JsonObject } from "./json.ts";
import type { Tool } from "./tool.ts";
import type { WireTool } from "./wire.ts";

/** Which tools there are and how the model is told of them, without the code that runs them. */
export interface ToolCatalog {
  names(): string[];
  /** Wire declarations for these names, in this order; names the catalog lacks are skipped. */
  declare(names: readonly string[]): WireTool[];
}

/** The tools an agent may call, by name. */
export interface ToolRegistry extends ToolCatalog {
  get(name: string): Tool | undefined;
  list(): readonly Tool[];
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
    names: () => [...byName.keys()],
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
