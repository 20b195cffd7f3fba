import { LIMITS } from "./codec/limits.ts";
import type { JsonObject, JsonValue } from "./json.ts";
import { findJsonProblem, formatJsonPath, jsonProblemForModel } from "./json-value.ts";
import type { ToolCall } from "./message.ts";
import { parameterProblems } from "./tool-parameters.ts";
import type { ToolRegistry } from "./tool-registry.ts";

export interface ToolCallContext {
  registry: ToolRegistry;
  /** Names the agent enabled; other tools are unknown to it. */
  allowed: readonly string[];
  state: JsonObject;
  now(): number;
  signal?: AbortSignal;
}

/** What the model sees: `content` is `JSON.stringify(result)`, or `{"error":"…"}` with `isError`. */
export interface ToolCallOutcome {
  content: string;
  isError: boolean;
  /** The session state after the tool ran (unchanged when it failed). */
  state: JsonObject;
}

/**
 * Runs one call the model asked for. Never throws: an unknown tool, arguments that are not JSON
 * or do not fit the tool's schema, a thrown error or a result that is not JSON all become a
 * tool error the model can read and correct.
 */
export async function runToolCall(call: ToolCall, ctx: ToolCallContext): Promise<ToolCallOutcome> {
  const fail = (message: string): ToolCallOutcome => ({
    content: JSON.stringify({ error: message }),
    isError: true,
    state: ctx.state,
  });
  const tool = ctx.allowed.includes(call.name) ? ctx.registry.get(call.name) : undefined;
  if (!tool) {
    const known = ctx.allowed.filter((name) => ctx.registry.get(name));
    return fail(
      `unknown tool "${call.name}"; available tools: ${known.length ? known.join(", ") : "none"}`,
    );
  }
  const args = parseArguments(call.arguments);
  if (typeof args === "string") return fail(`invalid arguments for ${tool.name}: ${args}`);
  const problems = parameterProblems(tool.parameters, args);
  if (problems.length > 0)
    return fail(`invalid arguments for ${tool.name}: ${problems.join("; ")}`);

  let state = ctx.state;
  let result: JsonValue;
  try {
    const runContext = {
      state,
      setState(next: JsonObject) {
        if (typeof next !== "object" || next === null || Array.isArray(next))
          throw new Error("the tool tried to store a state that is not a JSON object");
        const problem = findJsonProblem(next);
        if (problem)
          throw new Error(
            `the tool tried to store a state the app could not read back (${jsonProblemForModel(problem)})`,
          );
        state = next;
      },
      now: ctx.now,
      ...(ctx.signal ? { signal: ctx.signal } : {}),
    };
    result = await tool.run(args, runContext);
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
  const problem = findJsonProblem(result ?? null);
  if (problem)
    return fail(
      `${tool.name} returned a value that is not JSON at ${formatJsonPath(problem.path)}`,
    );
  const content = JSON.stringify(result ?? null);
  if (content.length > LIMITS.content)
    return fail(`${tool.name} returned more than ${LIMITS.content} characters`);
  return { content, isError: false, state };
}

function parseArguments(text: string): JsonObject | string {
  if (text.trim() === "") return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return `not valid JSON (${error instanceof Error ? error.message : "parse error"})`;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return "expected a JSON object";
  const problem = findJsonProblem(value);
  if (problem) return jsonProblemForModel(problem);
  return value as JsonObject;
}
