import type { Tool } from "./tool.ts";
import { parametersJsonSchema } from "./tool-parameters.ts";
import { builtinTools } from "./tools/index.ts";
import type { WireTool } from "./wire.ts";

/** The tools an agent may call, by name. */
export interface ToolRegistry {
  get(name: string): Tool | undefined;
  list(): readonly Tool[];
  /** Wire declarations for these names, in this order; names the registry lacks are skipped. */
  declare(names: readonly string[]): WireTool[];
}

/** A registry of `tools`; a later tool with the same name replaces an earlier one. */
export function createToolRegistry(tools: readonly Tool[]): ToolRegistry {
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
                  parameters: parametersJsonSchema(tool.parameters),
                },
              },
            ]
          : [];
      }),
  };
}

/** The registry of the built-in tools; `runTurn` uses it unless the context brings another. */
export const builtinToolRegistry: ToolRegistry = createToolRegistry(builtinTools);
