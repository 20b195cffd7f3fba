import { type DiskMessage, LIMITS } from "../../core/codec/index.ts";
import { knownNotes, type Message, type Role } from "../../core/message.ts";

const ROLES = new Set<unknown>(["system", "user", "assistant", "tool"]);
const STATUSES = new Set<unknown>(["complete", "interrupted", "error"]);
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const text = (v: unknown, max: number): v is string => typeof v === "string" && v.length <= max;
const name = (v: unknown, max: number): v is string => text(v, max) && v.length > 0;
const optional = (v: unknown, check: (x: unknown) => boolean) => v === undefined || check(v);
const count = (v: unknown) => Number.isSafeInteger(v) && (v as number) >= 0;
const millis = (v: unknown) =>
  typeof v === "number" && Number.isFinite(v) && v >= 0 && v <= Number.MAX_SAFE_INTEGER;
const time = (v: unknown) => {
  if (typeof v !== "string" || !ISO.test(v)) return false;
  const ms = Date.parse(v);
  return Number.isFinite(ms) && new Date(ms).toISOString() === v;
};

/**
 * A stored message restored without the codec's schema, when it has exactly the shape the codec
 * writes (the checks are a subset of the codec's, never looser). Undefined when anything is
 * unusual: the caller then restores it with `restoreMessage`, which names what is wrong. Opening
 * a 10,000-message session spends its time here, so the common case is kept cheap; a message
 * with attachments, reasoning, parameter notes, an error code or a summary (rare) always goes
 * through the codec.
 */
export function fastMessage(raw: unknown): Message | undefined {
  if (!isObject(raw)) return undefined;
  const m = raw as Partial<Record<keyof DiskMessage, unknown>>;
  if (
    !name(m.id, LIMITS.messageId) ||
    !optional(m.parent_id, (v) => v === null || name(v, LIMITS.messageId)) ||
    !ROLES.has(m.role) ||
    m.attachments !== undefined ||
    m.param_notes !== undefined ||
    m.reasoning !== undefined ||
    m.error_code !== undefined ||
    m.error_params !== undefined ||
    m.summary !== undefined ||
    !text(m.content, LIMITS.content) ||
    !time(m.created_at) ||
    !optional(m.tool_calls, toolCalls) ||
    !optional(m.tool_call_id, (v) => name(v, LIMITS.toolCallId)) ||
    !optional(m.agent, (v) => name(v, LIMITS.name)) ||
    !optional(m.model, (v) => name(v, LIMITS.name)) ||
    !optional(m.usage, usage) ||
    !optional(m.timing, timing) ||
    !optional(m.status, (v) => STATUSES.has(v)) ||
    !optional(m.notes, notes) ||
    !optional(m.error, (v) => text(v, LIMITS.error)) ||
    !optional(m.is_error, (v) => typeof v === "boolean")
  )
    return undefined;
  const out: Message = {
    id: m.id as string,
    role: m.role as Role,
    content: m.content as string,
    createdAt: m.created_at as string,
  };
  if (m.parent_id !== undefined) out.parentId = m.parent_id as string | null;
  const calls = m.tool_calls as DiskMessage["tool_calls"];
  if (calls) out.toolCalls = calls.map((c) => ({ id: c.id, name: c.name, arguments: c.arguments }));
  if (m.tool_call_id !== undefined) out.toolCallId = m.tool_call_id as string;
  if (m.agent !== undefined) out.agent = m.agent as string;
  if (m.model !== undefined) out.model = m.model as string;
  const u = m.usage as DiskMessage["usage"];
  if (u)
    out.usage = {
      promptTokens: u.prompt_tokens,
      completionTokens: u.completion_tokens,
      totalTokens: u.total_tokens,
    };
  const t = m.timing as DiskMessage["timing"];
  if (t)
    out.timing =
      t.first_token_ms === undefined
        ? { totalMs: t.total_ms }
        : { firstTokenMs: t.first_token_ms, totalMs: t.total_ms };
  if (m.status !== undefined) out.status = m.status as NonNullable<Message["status"]>;
  const known = knownNotes((m.notes as string[] | undefined) ?? []);
  if (known.length) out.notes = known;
  if (m.error !== undefined) out.error = { detail: m.error as string };
  if (m.is_error !== undefined) out.isError = m.is_error as boolean;
  return out;
}

function notes(v: unknown): boolean {
  return (
    Array.isArray(v) && v.length <= LIMITS.notes && v.every((code) => text(code, LIMITS.noteCode))
  );
}

function toolCalls(v: unknown): boolean {
  if (!Array.isArray(v) || v.length > LIMITS.toolCalls) return false;
  return v.every(
    (c) =>
      isObject(c) &&
      name(c.id, LIMITS.toolCallId) &&
      name(c.name, LIMITS.toolName) &&
      text(c.arguments, LIMITS.toolArguments),
  );
}

function usage(v: unknown): boolean {
  return (
    isObject(v) && count(v.prompt_tokens) && count(v.completion_tokens) && count(v.total_tokens)
  );
}

function timing(v: unknown): boolean {
  return isObject(v) && millis(v.total_ms) && optional(v.first_token_ms, millis);
}
