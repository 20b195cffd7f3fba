import type { WireMessage, WireTool } from "../../src/core/wire.ts";
import { evaluate } from "../providers/demo/arithmetic.ts";
import { finishOf, type ReadStream, readSse, toolCallsOf } from "./sse.ts";

/** Sends one request to the proxy under test (through `app.request`, miniflare or a real socket). */
export type Send = (path: string, init?: RequestInit) => Promise<Response>;

const tool = (name: string, parameters: Record<string, unknown>): WireTool => ({
  type: "function",
  function: { name, description: name, parameters },
});

/** The browser's built-in tools, as the agent offers them. */
export const BROWSER_TOOLS: WireTool[] = [
  tool("calculator", {
    type: "object",
    properties: { expression: { type: "string" } },
    required: ["expression"],
  }),
  tool("state_get", { type: "object", properties: { key: { type: "string" } }, required: ["key"] }),
  tool("state_set", {
    type: "object",
    properties: { key: { type: "string" }, value: {} },
    required: ["key", "value"],
  }),
];

function runTool(
  name: string,
  args: Record<string, unknown>,
  state: Record<string, unknown>,
): string {
  if (name === "calculator") {
    try {
      return JSON.stringify(evaluate(String(args.expression)));
    } catch (error) {
      return JSON.stringify({ error: (error as Error).message });
    }
  }
  if (name === "state_set") {
    state[String(args.key)] = args.value;
    return JSON.stringify({ ok: true });
  }
  if (name === "state_get") return JSON.stringify(state[String(args.key)] ?? null);
  return JSON.stringify({ error: `unknown tool ${name}` });
}

export const chatInit = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json", ...headers },
  body: JSON.stringify(body),
});

/**
 * Plays the browser's agent loop against the proxy: sends the history, runs the tool calls it gets
 * back, and repeats until a final answer. Appends to `history`; returns the streams it read.
 */
export async function browserTurn(
  send: Send,
  history: WireMessage[],
  options: {
    model?: string;
    tools?: WireTool[];
    state?: Record<string, unknown>;
    maxSteps?: number;
  } = {},
): Promise<ReadStream[]> {
  const state = options.state ?? {};
  const streams: ReadStream[] = [];
  for (let step = 0; step < (options.maxSteps ?? 8); step += 1) {
    const body = {
      model: options.model ?? "demo",
      messages: history,
      tools: options.tools ?? BROWSER_TOOLS,
      stream: true,
    };
    const response = await send("/v1/chat/completions", chatInit(body));
    if (!response.ok)
      throw new Error(`proxy answered ${response.status}: ${await response.text()}`);
    const stream = await readSse(response);
    streams.push(stream);
    const calls = toolCallsOf(stream);
    if (finishOf(stream) !== "tool_calls") {
      history.push({ role: "assistant", content: stream.text });
      return streams;
    }
    history.push({
      role: "assistant",
      content: stream.text || null,
      tool_calls: calls.map((c) => ({
        id: c.id,
        type: "function",
        function: { name: c.name, arguments: c.arguments },
      })),
    });
    for (const call of calls) {
      const content = runTool(
        call.name,
        JSON.parse(call.arguments) as Record<string, unknown>,
        state,
      );
      history.push({ role: "tool", tool_call_id: call.id, content });
    }
  }
  throw new Error("the turn did not end within maxSteps");
}
