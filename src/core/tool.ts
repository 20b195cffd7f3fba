import type * as z from "zod/mini";
import type { JsonObject, JsonValue } from "./json.ts";

/** What a tool sees of the session while it runs. Changes to `state` are kept by the turn. */
export interface ToolContext {
  state: JsonObject;
  setState(next: JsonObject): void;
  now(): number;
  signal?: AbortSignal;
}

/**
 * A tool the model may call. `parameters` is a zod schema of its arguments: they are checked
 * against it before `run`, and the JSON Schema the model is sent is derived from it.
 */
export interface Tool {
  name: string;
  description: string;
  parameters: z.core.$ZodType<Record<string, unknown>>;
  run(args: JsonObject, ctx: ToolContext): JsonValue | Promise<JsonValue>;
}
