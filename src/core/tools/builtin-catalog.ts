import type { ToolCatalog } from "../tool-registry.ts";
import type { WireTool } from "../wire.ts";
import declarations from "./tool-declarations.json" with { type: "json" };

/**
 * The built-in tools as the model is told of them, derived ahead of time from the tools
 * themselves (`npm run schema`; a test fails when the file is stale). The page counts and
 * validates with this at start; the tools' code (their zod schemas, the calculator) loads with
 * the agent loop, and `z.toJSONSchema`, a fifth of zod, never loads at all.
 */
export const builtinDeclarations = declarations as readonly WireTool[];

const byName = new Map(builtinDeclarations.map((d) => [d.function.name, d]));

/** The built-in tools' names and declarations, without their code. */
export const builtinToolCatalog: ToolCatalog = {
  names: () => [...byName.keys()],
  declare: (names) => names.flatMap((name) => byName.get(name) ?? []),
};
