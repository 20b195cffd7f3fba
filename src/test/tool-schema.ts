import type { Tool } from "../core/tool.ts";
import { parametersJsonSchema } from "../core/tool-parameters.ts";

/** What the built-in registry's generated file holds, derived on the spot for a test's own tools. */
export const schemaOf = (tool: Tool) => parametersJsonSchema(tool.parameters);
