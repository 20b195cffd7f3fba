import type { WireNote } from "../../../src/core/wire.ts";
import { type ChatMessage, textOf } from "../../contract/chat-request.ts";
import { imageData } from "../../contract/content-parts.ts";
import type { ChatCall } from "../../contract/provider.ts";
import { type Continuation, fitAnthropicParams } from "./anthropic-params.ts";

type Block = Record<string, unknown>;
interface AnthropicMessage {
  role: "user" | "assistant";
  content: Block[];
}

function parseArguments(text: string): unknown {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === "object" && !Array.isArray(value) ? value : {};
  } catch {
    return {};
  }
}

/** Text parts become text blocks (empty ones are left out: Anthropic refuses them), images image blocks. */
function userBlocks(content: ChatMessage["content"]): Block[] {
  if (typeof content === "string") return content === "" ? [] : [{ type: "text", text: content }];
  const blocks: Block[] = [];
  for (const part of content ?? []) {
    if (part.type === "text") {
      if (part.text !== "") blocks.push({ type: "text", text: part.text });
    } else {
      const { mediaType, base64 } = imageData(part.image_url.url);
      blocks.push({
        type: "image",
        source: { type: "base64", media_type: mediaType, data: base64 },
      });
    }
  }
  return blocks;
}

function isToolError(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === "object" && !Array.isArray(value) && "error" in value;
  } catch {
    return false;
  }
}

function toolChoice(choice: unknown, parallel: boolean | undefined): Block | undefined {
  let out: Block | undefined;
  if (choice === "auto") out = { type: "auto" };
  else if (choice === "none") out = { type: "none" };
  else if (choice === "required") out = { type: "any" };
  else if (choice && typeof choice === "object") {
    const name = (choice as { function?: { name?: unknown } }).function?.name;
    if (typeof name === "string") out = { type: "tool", name };
  }
  if (parallel === false) out = { ...(out ?? { type: "auto" }), disable_parallel_tool_use: true };
  return out;
}

/** Where a request stands: after the last user message, a tool call, or an answer to go on with. */
function continuationOf(messages: ChatCall["request"]["messages"]): Continuation {
  const last = messages.at(-1);
  if (last?.role === "assistant" && !last.tool_calls?.length) return "answer";
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const m = messages[i];
    if (m?.role === "user") return null;
    if (m?.role === "assistant" && m.tool_calls?.length) return "tool";
  }
  return null;
}

/**
 * Translates OpenAI-style messages into Anthropic's: system messages become `system`, tool calls
 * `tool_use` blocks, tool results `tool_result` blocks in a user turn, and consecutive turns of
 * one role are merged, as Anthropic wants them alternating. An answer the request ends with is
 * continued (Anthropic's prefill), without the trailing white space Anthropic refuses there.
 */
function anthropicMessages(request: ChatCall["request"]) {
  const system: string[] = [];
  const messages: AnthropicMessage[] = [];
  const push = (role: AnthropicMessage["role"], blocks: Block[]) => {
    if (blocks.length === 0) return;
    const last = messages[messages.length - 1];
    if (last?.role === role) last.content.push(...blocks);
    else messages.push({ role, content: blocks });
  };
  const final = request.messages.length - 1;
  request.messages.forEach((m, i) => {
    if (m.role === "system" || m.role === "developer") {
      const text = textOf(m.content);
      if (text) system.push(text);
    } else if (m.role === "user") {
      push("user", userBlocks(m.content));
    } else if (m.role === "assistant") {
      const said = textOf(m.content ?? null);
      const text = i === final && !m.tool_calls?.length ? said.trimEnd() : said;
      const blocks: Block[] = text ? [{ type: "text", text }] : [];
      for (const c of m.tool_calls ?? []) {
        blocks.push({
          type: "tool_use",
          id: c.id,
          name: c.function.name,
          input: parseArguments(c.function.arguments),
        });
      }
      push("assistant", blocks);
    } else {
      const text = textOf(m.content);
      const block: Block = { type: "tool_result", tool_use_id: m.tool_call_id, content: text };
      if (isToolError(text)) block.is_error = true;
      push("user", [block]);
    }
  });
  return { system, messages };
}

/** The body of an Anthropic Messages request for an OpenAI-style one, with what was changed on the way. */
export function anthropicBody(call: ChatCall): {
  body: Record<string, unknown>;
  notes: WireNote[];
} {
  const { request, provider } = call;
  const { system, messages } = anthropicMessages(request);
  const body: Record<string, unknown> = {
    ...provider.defaults,
    model: call.model,
    messages,
    stream: true,
  };
  if (system.length) body.system = system.join("\n\n");
  if (request.stop !== undefined)
    body.stop_sequences = Array.isArray(request.stop) ? request.stop : [request.stop];
  if (request.user !== undefined) body.metadata = { user_id: request.user };
  if (request.tools?.length) {
    body.tools = request.tools.map((t) => ({
      name: t.function.name,
      description: t.function.description ?? "",
      input_schema: t.function.parameters ?? { type: "object", properties: {} },
    }));
    const choice = toolChoice(request.tool_choice, request.parallel_tool_calls);
    if (choice) body.tool_choice = choice;
  }
  const notes = fitAnthropicParams(body, call, continuationOf(request.messages));
  return { body, notes };
}
