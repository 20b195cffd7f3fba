import * as z from "zod/mini";
import { MAX_ERROR_TOOLS } from "../answer-error.ts";
import { HASH_PATTERN } from "../attachments/attachment.ts";
import { OVERFLOWS, PARAM_LIMITS, REASONING_EFFORTS } from "../conversation-settings.ts";
import { ID_PATTERN } from "../id.ts";
import type { JsonObject } from "../json.ts";
import { findJsonProblem, MAX_JSON_DEPTH } from "../json-value.ts";
import { type FieldProblem, fromData } from "./codec-problem.ts";
import { LIMITS } from "./limits.ts";

/** An ISO 8601 time with a time zone, like 2026-11-29T10:00:00.000Z (`field-time` otherwise). */
export const isoTime = z.iso.datetime({ offset: true });

/** The problem a custom check reports, carried in its issue's `params` (see `fieldProblem`). */
const problem = (found: FieldProblem) => ({ params: { problem: found } });

const text = (max: number) => z.string().check(z.maxLength(max));
/** Counts characters (code points), as `cleanTitle` cuts: 200 emoji are 400 UTF-16 units. */
const characters = (max: number) =>
  z.string().check(
    z.refine(
      (value) => value.length <= max || Array.from(value).length <= max,
      problem({ code: "field-too-long", max }),
    ),
    z.meta({ maxLength: max }),
  );
const name = (max: number) => z.string().check(z.minLength(1), z.maxLength(max));
const count = z.int().check(z.gte(0));
const millis = z.number().check(z.gte(0), z.lte(Number.MAX_SAFE_INTEGER));

/** A plain JSON object, checked all the way down (finite numbers, bounded depth). */
export const jsonObject = z
  .custom<JsonObject>(
    (value) => typeof value === "object" && value !== null && !Array.isArray(value),
    problem({ code: "field-type", expected: "object", received: "other" }),
  )
  .check(
    z.superRefine((value, ctx) => {
      const found = findJsonProblem(value);
      if (found)
        ctx.addIssue({
          code: "custom",
          path: found.path,
          ...problem({ code: "field-not-json", problem: found.code, maxDepth: MAX_JSON_DEPTH }),
        });
    }),
    z.meta({ type: "object" }),
  );

export const diskToolCall = z.object({
  id: name(LIMITS.toolCallId),
  name: name(LIMITS.toolName),
  arguments: text(LIMITS.toolArguments),
});

export const diskAttachment = z.object({
  hash: z.string().check(z.regex(HASH_PATTERN)),
  name: name(LIMITS.fileName),
  mime: name(LIMITS.mime),
  size: count,
  kind: z.enum(["image", "text", "pdf"]),
  text: z.optional(text(LIMITS.content)),
});

/** A note of the proxy on a parameter; a reason this version does not know is kept as text. */
export const diskParamNote = z.object({
  code: z.enum(["param_dropped", "param_clamped"]),
  param: name(LIMITS.noteCode),
  reason: z.optional(z.string().check(z.maxLength(LIMITS.noteCode))),
  value: z.optional(z.number()),
});

/** The facts a failed answer's words are filled with; a code or cause this version does not know reads as none. */
export const diskErrorParams = z.object({
  status: z.optional(count),
  provider: z.optional(text(LIMITS.name)),
  agent: z.optional(text(LIMITS.name)),
  max_steps: z.optional(count),
  tools: z.optional(z.array(text(LIMITS.toolName)).check(z.maxLength(MAX_ERROR_TOOLS))),
  limit: z.optional(count),
  cause: z.optional(name(LIMITS.noteCode)),
});

export const diskMessage = z.object({
  id: name(LIMITS.messageId),
  parent_id: z.optional(z.nullable(name(LIMITS.messageId))),
  role: z.enum(["system", "user", "assistant", "tool"]),
  content: text(LIMITS.content),
  attachments: z.optional(z.array(diskAttachment).check(z.maxLength(LIMITS.attachments))),
  tool_calls: z.optional(z.array(diskToolCall).check(z.maxLength(LIMITS.toolCalls))),
  tool_call_id: z.optional(name(LIMITS.toolCallId)),
  created_at: isoTime,
  agent: z.optional(name(LIMITS.name)),
  model: z.optional(name(LIMITS.name)),
  usage: z.optional(
    z.object({ prompt_tokens: count, completion_tokens: count, total_tokens: count }),
  ),
  timing: z.optional(z.object({ first_token_ms: z.optional(millis), total_ms: millis })),
  status: z.optional(z.enum(["complete", "interrupted", "error"])),
  reasoning: z.optional(z.object({ text: text(LIMITS.content), duration_ms: z.optional(millis) })),
  notes: z.optional(
    z.array(z.string().check(z.maxLength(LIMITS.noteCode))).check(z.maxLength(LIMITS.notes)),
  ),
  param_notes: z.optional(z.array(diskParamNote).check(z.maxLength(LIMITS.notes))),
  error_code: z.optional(name(LIMITS.noteCode)),
  error_params: z.optional(diskErrorParams),
  error: z.optional(text(LIMITS.error)),
  is_error: z.optional(z.boolean()),
  summary: z.optional(z.object({ covers: count, last_covered_id: name(LIMITS.messageId) })),
});

/** A conversation's settings on disk, in the ranges the dialog and the agent form accept. */
export const diskSettings = z.object({
  system_prompt: z.optional(z.string().check(z.maxLength(PARAM_LIMITS.systemPrompt))),
  temperature: z.optional(
    z.number().check(z.gte(PARAM_LIMITS.temperature.min), z.lte(PARAM_LIMITS.temperature.max)),
  ),
  top_p: z.optional(z.number().check(z.gte(PARAM_LIMITS.topP.min), z.lte(PARAM_LIMITS.topP.max))),
  max_tokens: z.optional(
    z.int().check(z.gte(PARAM_LIMITS.maxTokens.min), z.lte(PARAM_LIMITS.maxTokens.max)),
  ),
  reasoning_effort: z.optional(z.enum(REASONING_EFFORTS)),
  overflow: z.optional(z.enum(OVERFLOWS)),
});

export const diskSessionHead = z.object({
  format_version: z.int().check(z.gte(1)),
  session_id: z.string().check(z.regex(ID_PATTERN)),
  created_at: isoTime,
  updated_at: isoTime,
  title: characters(LIMITS.title),
  metadata: jsonObject,
  state: jsonObject,
  revision: z.int().check(z.gte(0), z.lte(Number.MAX_SAFE_INTEGER)),
  leaf_id: z.optional(z.nullable(name(LIMITS.messageId))),
  settings: z.optional(diskSettings),
});

export const diskSession = z.extend(diskSessionHead, {
  messages: z.array(diskMessage).check(
    z.superRefine((messages, ctx) => {
      const seen = new Set<string>();
      messages.forEach((message, index) => {
        if (seen.has(message.id))
          ctx.addIssue({
            code: "custom",
            path: [index, "id"],
            ...problem({ code: "field-duplicate-id", id: fromData(message.id) }),
          });
        seen.add(message.id);
      });
    }),
  ),
});
