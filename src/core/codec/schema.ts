import * as z from "zod";
import { HASH_PATTERN } from "../attachments/attachment.ts";
import { PARAM_LIMITS, REASONING_EFFORTS } from "../conversation-settings.ts";
import { ID_PATTERN } from "../id.ts";
import type { JsonObject } from "../json.ts";
import { findJsonProblem } from "../json-value.ts";
import { LIMITS } from "./limits.ts";

export const isoTime = z.iso.datetime({
  offset: true,
  error: "expected an ISO 8601 time with a time zone, like 2026-11-29T10:00:00.000Z",
});

const text = (max: number) => z.string().max(max);
/** Counts characters (code points), as `cleanTitle` cuts: 200 emoji are 400 UTF-16 units. */
const characters = (max: number) =>
  z
    .string()
    .refine((value) => value.length <= max || Array.from(value).length <= max, {
      error: `is too long: at most ${max} characters`,
    })
    .meta({ maxLength: max });
const name = (max: number) => z.string().min(1).max(max);
const count = z.number().int().min(0);
const millis = z.number().min(0).max(Number.MAX_SAFE_INTEGER);

/** A plain JSON object, checked all the way down (finite numbers, bounded depth). */
export const jsonObject = z
  .custom<JsonObject>(
    (value) => typeof value === "object" && value !== null && !Array.isArray(value),
    { error: "expected a JSON object" },
  )
  .superRefine((value, ctx) => {
    const problem = findJsonProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem.message, path: problem.path });
  })
  .meta({ type: "object" });

export const diskToolCall = z.object({
  id: name(LIMITS.toolCallId),
  name: name(LIMITS.toolName),
  arguments: text(LIMITS.toolArguments),
});

export const diskAttachment = z.object({
  hash: z
    .string()
    .regex(HASH_PATTERN, { error: "expected a SHA-256 hash: 64 lowercase hex characters" }),
  name: name(LIMITS.fileName),
  mime: name(LIMITS.mime),
  size: count,
  kind: z.enum(["image", "text", "pdf"]),
  text: text(LIMITS.content).optional(),
});

/** A note of the proxy on a parameter; a reason this version does not know is kept as text. */
export const diskParamNote = z.object({
  code: z.enum(["param_dropped", "param_clamped"]),
  param: name(LIMITS.noteCode),
  reason: z.string().max(LIMITS.noteCode).optional(),
  value: z.number().optional(),
});

export const diskMessage = z.object({
  id: name(LIMITS.messageId),
  parent_id: name(LIMITS.messageId).nullable().optional(),
  role: z.enum(["system", "user", "assistant", "tool"]),
  content: text(LIMITS.content),
  attachments: z.array(diskAttachment).max(LIMITS.attachments).optional(),
  tool_calls: z.array(diskToolCall).max(LIMITS.toolCalls).optional(),
  tool_call_id: name(LIMITS.toolCallId).optional(),
  created_at: isoTime,
  agent: name(LIMITS.name).optional(),
  model: name(LIMITS.name).optional(),
  usage: z
    .object({ prompt_tokens: count, completion_tokens: count, total_tokens: count })
    .optional(),
  timing: z.object({ first_token_ms: millis.optional(), total_ms: millis }).optional(),
  status: z.enum(["complete", "interrupted", "error"]).optional(),
  reasoning: z.object({ text: text(LIMITS.content), duration_ms: millis.optional() }).optional(),
  notes: z.array(z.string().max(LIMITS.noteCode)).max(LIMITS.notes).optional(),
  param_notes: z.array(diskParamNote).max(LIMITS.notes).optional(),
  error: text(LIMITS.error).optional(),
  is_error: z.boolean().optional(),
});

/** A conversation's settings on disk, in the ranges the dialog and the agent form accept. */
export const diskSettings = z.object({
  system_prompt: z.string().max(PARAM_LIMITS.systemPrompt).optional(),
  temperature: z
    .number()
    .min(PARAM_LIMITS.temperature.min)
    .max(PARAM_LIMITS.temperature.max)
    .optional(),
  top_p: z.number().min(PARAM_LIMITS.topP.min).max(PARAM_LIMITS.topP.max).optional(),
  max_tokens: z.int().min(PARAM_LIMITS.maxTokens.min).max(PARAM_LIMITS.maxTokens.max).optional(),
  reasoning_effort: z.enum(REASONING_EFFORTS).optional(),
});

export const diskSessionHead = z.object({
  format_version: z.number().int().min(1),
  session_id: z.string().regex(ID_PATTERN, { error: "expected 12 lowercase hex characters" }),
  created_at: isoTime,
  updated_at: isoTime,
  title: characters(LIMITS.title),
  metadata: jsonObject,
  state: jsonObject,
  revision: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  leaf_id: name(LIMITS.messageId).nullable().optional(),
  settings: diskSettings.optional(),
});

export const diskSession = diskSessionHead.extend({
  messages: z.array(diskMessage).superRefine((messages, ctx) => {
    const seen = new Set<string>();
    messages.forEach((message, index) => {
      if (seen.has(message.id))
        ctx.addIssue({
          code: "custom",
          message: `duplicate message id "${message.id}"`,
          path: [index, "id"],
        });
      seen.add(message.id);
    });
  }),
});

/** Zod's issues in words a person can act on; used for every parse of the codec. */
export const errorMap: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case "invalid_type":
      return issue.input === undefined
        ? "is missing"
        : `expected ${issue.expected}, received ${describeValue(issue.input)}`;
    case "too_big":
      if (issue.origin === "string") return `is too long: at most ${issue.maximum} characters`;
      if (issue.origin === "array") return `has too many items: at most ${issue.maximum}`;
      return `must be at most ${issue.maximum}`;
    case "too_small":
      if (issue.origin === "string") return "must not be empty";
      return `must be at least ${issue.minimum}`;
    case "invalid_value":
      return `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}`;
    default:
      return undefined;
  }
};

function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "number" && !Number.isInteger(value)) return `the number ${value}`;
  return typeof value;
}
