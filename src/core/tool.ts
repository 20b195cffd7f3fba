import type { JsonObject, JsonValue } from "./json.ts";

/** What a tool sees of the session while it runs. Changes to `state` are kept by the turn. */
export interface ToolContext {
  state: JsonObject;
  setState(next: JsonObject): void;
  now(): number;
  signal?: AbortSignal;
}

/** A tool the model may call. `parameters` is a JSON Schema object; arguments are checked against it before `run`. */
export interface Tool {
  name: string;
  description: string;
  parameters: JsonObject;
  run(args: JsonObject, ctx: ToolContext): JsonValue | Promise<JsonValue>;
}
