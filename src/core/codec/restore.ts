import type * as z from "zod/mini";
import { type AnswerError, isAnswerErrorCode, isContextFullCause } from "../answer-error.ts";
import type { Attachment } from "../attachments/attachment.ts";
import { type ConversationSettings, compactSettings } from "../conversation-settings.ts";
import { cloneJson, formatJsonPath } from "../json-value.ts";
import { knownNotes, type Message } from "../message.ts";
import type { Session } from "../session.ts";
import type { WireNoteReason } from "../wire.ts";
import { fieldProblem } from "./codec-problem.ts";
import type { CodecError } from "./disk-types.ts";
import { migrate } from "./migrate.ts";
import {
  type diskAttachment,
  diskMessage,
  diskSession,
  diskSessionHead,
  type diskSettings,
} from "./schema.ts";

/** Issues carry the value found, which `fieldProblem` needs to tell a missing field from a wrong one. */
const INPUT = { reportInput: true } as const;

/** A session without its messages. */
export type SessionHead = Omit<Session, "messages">;

export type RestoreResult = { ok: true; session: Session } | { ok: false; error: CodecError };
export type RestoreHeadResult = { ok: true; head: SessionHead } | { ok: false; error: CodecError };
export type RestoreMessageResult =
  | { ok: true; message: Message }
  | { ok: false; error: CodecError };

/**
 * The session held by untrusted JSON data in the disk format (any known version). Never throws:
 * a bad input gives the first problem with its JSON path, e.g. `$.messages[3].role`.
 * Limits are in `LIMITS` (codec/limits.ts); times must be ISO 8601 with a time zone.
 */
export function restore(data: unknown): RestoreResult {
  const migrated = migrate(data);
  if (!migrated.ok) return migrated;
  const parsed = diskSession.safeParse(migrated.data, INPUT);
  if (!parsed.success) return { ok: false, error: firstProblem(parsed.error, []) };
  const { messages, ...head } = parsed.data;
  return { ok: true, session: { ...toHead(head), messages: messages.map(toMessage) } };
}

/** The session head (no messages) held by untrusted data; see {@link restore}. */
export function restoreHead(data: unknown): RestoreHeadResult {
  const migrated = migrate(data);
  if (!migrated.ok) return migrated;
  const parsed = diskSessionHead.safeParse(migrated.data, INPUT);
  if (!parsed.success) return { ok: false, error: firstProblem(parsed.error, []) };
  return { ok: true, head: toHead(parsed.data) };
}

/**
 * One message held by untrusted data (format 2; a format 1 message reads the same). `at` is where it sits in the larger document,
 * so errors name the full path (e.g. `["messages", 3]` gives `$.messages[3].role`).
 */
export function restoreMessage(
  data: unknown,
  at: readonly (string | number)[] = [],
): RestoreMessageResult {
  const parsed = diskMessage.safeParse(data, INPUT);
  if (!parsed.success) return { ok: false, error: firstProblem(parsed.error, at) };
  return { ok: true, message: toMessage(parsed.data) };
}

/** The first problem as a code with its JSON path, and how many more there are. */
function firstProblem(error: z.core.$ZodError, at: readonly (string | number)[]): CodecError {
  const [first, ...rest] = error.issues;
  const path = formatJsonPath([...at, ...(first?.path ?? [])]);
  const found = { ...fieldProblem(first), path };
  return rest.length === 0 ? found : { ...found, more: rest.length };
}

function toHead(head: Omit<z.output<typeof diskSessionHead>, "format_version">): SessionHead {
  return {
    id: head.session_id,
    createdAt: head.created_at,
    updatedAt: head.updated_at,
    title: head.title,
    metadata: cloneJson(head.metadata),
    state: cloneJson(head.state),
    revision: head.revision,
    ...(head.leaf_id !== undefined ? { leafId: head.leaf_id } : {}),
    ...settingsOf(head.settings),
  };
}

function settingsOf(disk: z.output<typeof diskSettings> | undefined): {
  settings?: ConversationSettings;
} {
  const settings = compactSettings(
    disk && {
      ...(disk.system_prompt !== undefined ? { systemPrompt: disk.system_prompt } : {}),
      ...(disk.temperature !== undefined ? { temperature: disk.temperature } : {}),
      ...(disk.top_p !== undefined ? { topP: disk.top_p } : {}),
      ...(disk.max_tokens !== undefined ? { maxTokens: disk.max_tokens } : {}),
      ...(disk.reasoning_effort !== undefined ? { reasoningEffort: disk.reasoning_effort } : {}),
      ...(disk.overflow !== undefined ? { overflow: disk.overflow } : {}),
    },
  );
  return settings ? { settings } : {};
}

function toMessage(m: z.output<typeof diskMessage>): Message {
  const out: Message = { id: m.id, role: m.role, content: m.content, createdAt: m.created_at };
  if (m.parent_id !== undefined) out.parentId = m.parent_id;
  if (m.attachments?.length) out.attachments = m.attachments.map(toAttachment);
  if (m.tool_calls)
    out.toolCalls = m.tool_calls.map((c) => ({ id: c.id, name: c.name, arguments: c.arguments }));
  if (m.tool_call_id !== undefined) out.toolCallId = m.tool_call_id;
  if (m.agent !== undefined) out.agent = m.agent;
  if (m.model !== undefined) out.model = m.model;
  if (m.usage)
    out.usage = {
      promptTokens: m.usage.prompt_tokens,
      completionTokens: m.usage.completion_tokens,
      totalTokens: m.usage.total_tokens,
    };
  if (m.timing)
    out.timing =
      m.timing.first_token_ms === undefined
        ? { totalMs: m.timing.total_ms }
        : { firstTokenMs: m.timing.first_token_ms, totalMs: m.timing.total_ms };
  if (m.status !== undefined) out.status = m.status;
  if (m.reasoning)
    out.reasoning =
      m.reasoning.duration_ms === undefined
        ? { text: m.reasoning.text }
        : { text: m.reasoning.text, durationMs: m.reasoning.duration_ms };
  const notes = knownNotes(m.notes ?? []);
  if (notes.length) out.notes = notes;
  if (m.param_notes?.length)
    out.paramNotes = m.param_notes.map((n) => ({
      code: n.code,
      param: n.param,
      ...(n.reason !== undefined ? { reason: n.reason as WireNoteReason } : {}),
      ...(n.value !== undefined ? { value: n.value } : {}),
    }));
  const error = toError(m);
  if (error) out.error = error;
  if (m.is_error !== undefined) out.isError = m.is_error;
  if (m.summary)
    out.summary = { covers: m.summary.covers, lastCoveredId: m.summary.last_covered_id };
  return out;
}

/**
 * A failed answer's error: the code and cause when this version knows them, the facts, and the
 * detail (in records written before codes, that version's English sentence, shown as the detail).
 */
function toError(m: z.output<typeof diskMessage>): AnswerError | undefined {
  const p = m.error_params;
  const out: AnswerError = {};
  if (m.error_code !== undefined && isAnswerErrorCode(m.error_code)) out.code = m.error_code;
  if (p?.status !== undefined) out.status = p.status;
  if (p?.provider !== undefined) out.provider = p.provider;
  if (p?.agent !== undefined) out.agent = p.agent;
  if (p?.max_steps !== undefined) out.maxSteps = p.max_steps;
  if (p?.tools !== undefined) out.tools = p.tools;
  if (p?.limit !== undefined) out.limit = p.limit;
  if (p?.cause !== undefined && isContextFullCause(p.cause)) out.cause = p.cause;
  if (m.error !== undefined) out.detail = m.error;
  return Object.keys(out).length > 0 ? out : undefined;
}

/** One attachment from its disk form (checked already). */
function toAttachment(a: z.output<typeof diskAttachment>): Attachment {
  const out: Attachment = { hash: a.hash, name: a.name, mime: a.mime, size: a.size, kind: a.kind };
  if (a.text !== undefined) out.text = a.text;
  return out;
}
