import * as z from "zod/mini";
import type { JsonObject } from "../json.ts";
import { findJsonProblem, jsonProblemForModel, MAX_JSON_DEPTH } from "../json-value.ts";
import type { Tool } from "../tool.ts";
import { anyJson } from "../tool-parameters.ts";

/** Longest state key a tool may use, in characters. */
export const MAX_STATE_KEY_LENGTH = 200;

const key = z
  .string()
  .check(
    z.minLength(1),
    z.maxLength(MAX_STATE_KEY_LENGTH),
    z.describe("The name of the entry, e.g. name"),
  );

const keyOnly = z.strictObject({ key });

/** Reads one entry of the session's state; `null` when the key is missing. */
export const stateGetTool: Tool = {
  name: "state_get",
  description: "Read a value from this conversation's memory. Returns null when nothing is stored.",
  parameters: keyOnly,
  run(args, ctx) {
    const name = String(args.key);
    return Object.hasOwn(ctx.state, name) ? (ctx.state[name] ?? null) : null;
  },
};

/**
 * Stores a JSON value under a key of the session's state. A value the app could not read back
 * (nested deeper than the state allows) is refused with a tool error naming its path, so the
 * model can store a flatter one.
 */
export const stateSetTool: Tool = {
  name: "state_set",
  description: "Remember a value in this conversation's memory under a key.",
  parameters: z.strictObject({ key, value: anyJson("Any JSON value") }),
  run(args, ctx) {
    const name = String(args.key);
    const value = args.value ?? null;
    const problem = findJsonProblem(value, MAX_JSON_DEPTH - 1);
    if (problem)
      throw new Error(
        `state_set refused the value: ${jsonProblemForModel({ ...problem, path: ["value", ...problem.path] }, MAX_JSON_DEPTH - 1)}; store it as a flatter value, or split it over several keys`,
      );
    ctx.setState(withEntry(ctx.state, name, value));
    return { ok: true };
  },
};

/** Removes a key from the session's state; says whether it was there. */
export const stateDeleteTool: Tool = {
  name: "state_delete",
  description: "Forget a value in this conversation's memory.",
  parameters: keyOnly,
  run(args, ctx) {
    const name = String(args.key);
    if (!Object.hasOwn(ctx.state, name)) return { deleted: false };
    const next: JsonObject = { ...ctx.state };
    delete next[name];
    ctx.setState(next);
    return { deleted: true };
  },
};

function withEntry(state: JsonObject, name: string, value: JsonObject[string]): JsonObject {
  const next: JsonObject = { ...state };
  Object.defineProperty(next, name, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return next;
}
