import { z } from "zod";
import type { WireChatRequest } from "../../src/core/wire.ts";
import { textContent, userContent } from "./content-parts.ts";

const toolCall = z.object({
  id: z.string(),
  type: z.literal("function").default("function"),
  function: z.object({ name: z.string(), arguments: z.string() }),
});

const message = z.discriminatedUnion("role", [
  z.object({ role: z.literal("system"), content: textContent, name: z.string().optional() }),
  z.object({ role: z.literal("developer"), content: textContent, name: z.string().optional() }),
  z.object({ role: z.literal("user"), content: userContent, name: z.string().optional() }),
  z.object({
    role: z.literal("assistant"),
    content: textContent.nullable().optional(),
    tool_calls: z.array(toolCall).optional(),
    reasoning_content: z.string().nullable().optional(),
    name: z.string().optional(),
  }),
  z.object({ role: z.literal("tool"), content: textContent, tool_call_id: z.string() }),
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
  temperature: z.number().min(0).max(2).optional(),
  top_p: z.number().min(0).max(1).optional(),
  max_tokens: z.number().int().positive().optional(),
  max_completion_tokens: z.number().int().positive().optional(),
  stop: z.union([z.string(), z.array(z.string())]).optional(),
  presence_penalty: z.number().min(-2).max(2).optional(),
  frequency_penalty: z.number().min(-2).max(2).optional(),
  seed: z.number().int().optional(),
  n: z.number().int().min(1).max(8).optional(),
  response_format: z.unknown().optional(),
  reasoning_effort: z.enum(["none", "minimal", "low", "medium", "high", "xhigh"]).optional(),
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

type Issue = z.core.$ZodIssue;

/**
 * The issue to report: inside a union (content is a string or parts), the one its options
 * agree is most telling, a refusal of ours first, else the one that got deepest.
 */
function telling(issue: Issue, prefix: readonly PropertyKey[] = []): Issue {
  const path = [...prefix, ...issue.path];
  if (issue.code !== "invalid_union" || issue.errors.length === 0) return { ...issue, path };
  const inner = issue.errors.flat().map((i) => telling(i, path));
  return (
    inner.find((i) => i.code === "custom") ??
    inner.reduce((a, b) => (b.path.length > a.path.length ? b : a))
  );
}

/** Validates a parsed JSON body; the error names the field that is wrong (and a code, for some). */
export function parseChatRequest(
  body: unknown,
): { ok: true; request: ChatRequest } | { ok: false; message: string; code?: string } {
  const result = chatRequest.safeParse(body);
  if (result.success) return { ok: true, request: result.data };
  const first = result.error.issues[0];
  const issue = first ? telling(first) : undefined;
  const where = issue ? pathOf(issue.path) : "body";
  const what = issue ? issue.message : "invalid";
  const message = `The request body is not a valid chat completion request: ${where}: ${what}. Send an OpenAI-style body with "model" and "messages".`;
  const code = issue?.code === "custom" ? issue.params?.code : undefined;
  return typeof code === "string" ? { ok: false, message, code } : { ok: false, message };
}

/** Text of a message's content, whatever its shape (string or content parts). */
export function textOf(content: ChatMessage["content"]): string {
  if (content === null || content === undefined) return "";
  if (typeof content === "string") return content;
  let text = "";
  for (const part of content) if (part.type === "text") text += part.text;
  return text;
}

/** Whether any message holds an image (only user messages can). */
export function hasImage(request: ChatRequest): boolean {
  return request.messages.some(
    (m) =>
      m.role === "user" &&
      Array.isArray(m.content) &&
      m.content.some((p) => p.type === "image_url"),
  );
}
