import { type ChatMessage, type ChatRequest, textOf } from "../../contract/chat-request.ts";
import { promptText } from "./attachments.ts";

/**
 * How much of the last user message the demo's rules read: a bound on its work per request,
 * whatever the size of the body (`/echo` still answers with the whole message).
 */
export const READ_LIMIT = 4000;

/** A tool call the demo made in this turn, with the result the browser sent back. */
export interface ToolExchange {
  name: string;
  arguments: Record<string, unknown>;
  result: unknown;
  failed: boolean;
}

/** The demo's reading of a request: the last user message and what happened after it. */
export interface History {
  userText: string;
  userIndex: number;
  /** Tool calls after the last user message, in order, with their results. */
  exchanges: ToolExchange[];
  before: ChatMessage[];
  offeredTools: Set<string>;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function argsOf(text: string): Record<string, unknown> {
  const value = parseJson(text);
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** Reads the history the demo is sent: it keeps no memory between requests. */
export function readHistory(request: ChatRequest): History {
  const { messages } = request;
  let userIndex = -1;
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    if (messages[i]?.role === "user") {
      userIndex = i;
      break;
    }
  }
  const calls = new Map<string, { name: string; arguments: Record<string, unknown> }>();
  const exchanges: ToolExchange[] = [];
  for (const message of messages.slice(userIndex + 1)) {
    if (message.role === "assistant") {
      for (const call of message.tool_calls ?? []) {
        calls.set(call.id, {
          name: call.function.name,
          arguments: argsOf(call.function.arguments),
        });
      }
    } else if (message.role === "tool") {
      const call = calls.get(message.tool_call_id);
      if (!call) continue;
      const result = parseJson(textOf(message.content));
      const failed =
        result !== null &&
        typeof result === "object" &&
        !Array.isArray(result) &&
        "error" in result;
      exchanges.push({ ...call, result, failed });
    }
  }
  const user = userIndex >= 0 ? messages[userIndex] : undefined;
  return {
    userText: user ? promptText(user.content).trim().slice(0, READ_LIMIT) : "",
    userIndex,
    exchanges,
    before: userIndex >= 0 ? messages.slice(0, userIndex) : messages,
    offeredTools: new Set((request.tools ?? []).map((tool) => tool.function.name)),
  };
}

/** The last calculator result before the last user message, or the last result an answer stated. */
export function lastResult(before: ChatMessage[]): number | null {
  const calculatorCalls = new Set<string>();
  for (const m of before) {
    if (m.role !== "assistant") continue;
    for (const call of m.tool_calls ?? []) {
      if (call.function.name === "calculator") calculatorCalls.add(call.id);
    }
  }
  for (let i = before.length - 1; i >= 0; i -= 1) {
    const m = before[i];
    if (m?.role === "tool" && calculatorCalls.has(m.tool_call_id)) {
      const value = parseJson(textOf(m.content));
      if (typeof value === "number" && Number.isFinite(value)) return value;
    }
    if (m?.role === "assistant") {
      const stated = /(?:result is|结果是)\s*(-?\d+(?:\.\d+)?)/iu.exec(textOf(m.content));
      if (stated?.[1] !== undefined) return Number(stated[1]);
    }
  }
  return null;
}
