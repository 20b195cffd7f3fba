import type { JsonObject } from "../json.ts";
import type { Tool } from "../tool.ts";
import { createToolRegistry, type ToolRegistry } from "../tool-registry.ts";
import { builtinDeclarations } from "./builtin-catalog.ts";
import { builtinTools } from "./index.ts";

const schemas = new Map(builtinDeclarations.map((d) => [d.function.name, d.function.parameters]));

const builtinSchemaOf = (tool: Tool): JsonObject => {
  const schema = schemas.get(tool.name);
  if (!schema) throw new Error(`${tool.name} has no declaration in tool-declarations.json`);
  return schema as JsonObject;
};

/** The registry of the built-in tools; `runTurn` uses it unless the context brings another. */
export const builtinToolRegistry: ToolRegistry = createToolRegistry(builtinTools, builtinSchemaOf);
