import { z } from "zod";
import type { WireChatRequest } from "../../src/core/wire.ts";

const toolCall = z.object({
  id: z.string(),
  type: z.literal("function").default("function"),
  function: z.object({ name: z.string(), arguments: z.string() }),
});

const contentPart = z.looseObject({ type: z.string() });
const content = z.union([z.string(), z.array(contentPart)]);

const message = z.discriminatedUnion("role", [
  z.object({ role: z.literal("system"), content, name: z.string().optional() }),
  z.object({ role: z.literal("developer"), content, name: z.string().optional() }),
  z.object({ role: z.literal("user"), content, name: z.string().optional() }),
  z.object({
    role: z.literal("assistant"),
    content: content.nullable().optional(),
    tool_calls: z.array(toolCall).optional(),
    name: z.string().optional(),
  }),
  z.object({ role: z.literal("tool"), content, tool_call_id: z.string() }),
]);

const tool = z.object({
  type: z.literal("function"),
  function: z.object({
    name: z.string().min(1),
    description: z.string().optional(),
    parameters: z.record(z.string(), z.unknown()).optional(),
  }),
});

/**
 * The fields a client may send. Anything else (a base URL, `api_base`, provider keys) is dropped:
 * the browser names a model, never where it lives.
 */
const chatRequest = z.object({
  model: z.string().min(1),
  messages: z.array(message).min(1),
  tools: z.array(tool).optional(),
  tool_choice: z.unknown().optional(),
  parallel_tool_calls: z.boolean().optional(),
  stream: z.boolean().optional(),
  stream_options: z.object({ include_usage: z.boolean().optional() }).optional(),
  temperature: z.number().optional(),
  top_p: z.number().optional(),
  max_tokens: z.number().int().positive().optional(),
  max_completion_tokens: z.number().int().positive().optional(),
  stop: z.union([z.string(), z.array(z.string())]).optional(),
  presence_penalty: z.number().optional(),
  frequency_penalty: z.number().optional(),
  seed: z.number().int().optional(),
  n: z.number().int().min(1).max(8).optional(),
  response_format: z.unknown().optional(),
  reasoning_effort: z.string().optional(),
  user: z.string().optional(),
});

/** A validated client request; a superset of `WireChatRequest` with only allow-listed fields. */
export type ChatRequest = z.infer<typeof chatRequest>;
export type ChatMessage = ChatRequest["messages"][number];

/** Whether `ChatRequest` stays assignable from the shared wire type. */
export type WireCompatible = WireChatRequest extends z.input<typeof chatRequest> ? true : never;

function pathOf(path: ReadonlyArray<PropertyKey>): string {
  let out = "";
  for (const key of path)
    out += typeof key === "number" ? `[${key}]` : `${out ? "." : ""}${String(key)}`;
  return out || "body";
}

/** Validates a parsed JSON body; the error names the field that is wrong. */
export function parseChatRequest(
  body: unknown,
): { ok: true; request: ChatRequest } | { ok: false; message: string } {
  const result = chatRequest.safeParse(body);
  if (result.success) return { ok: true, request: result.data };
  const issue = result.error.issues[0];
  const where = issue ? pathOf(issue.path) : "body";
  const what = issue ? issue.message : "invalid";
  return {
    ok: false,
    message: `The request body is not a valid chat completion request: ${where}: ${what}. Send an OpenAI-style body with "model" and "messages".`,
  };
}

/** Text of a message's content, whatever its shape (string or content parts). */
export function textOf(content: ChatMessage["content"]): string {
  if (content === null || content === undefined) return "";
  if (typeof content === "string") return content;
  return content
    .map((part) => (part.type === "text" && typeof part.text === "string" ? part.text : ""))
    .join("");
}
