import type { AnswerError } from "../answer-error.ts";
import type { Attachment } from "../attachments/attachment.ts";
import { type ConversationSettings, compactSettings } from "../conversation-settings.ts";
import { cloneJson } from "../json-value.ts";
import type { Message, Reasoning, Timing, ToolCall, Usage } from "../message.ts";
import type { Session } from "../session.ts";
import type { WireNote } from "../wire.ts";
import {
  type DiskAttachment,
  type DiskErrorParams,
  type DiskMessage,
  type DiskParamNote,
  type DiskSession,
  type DiskSessionHead,
  type DiskSettings,
  type DiskToolCall,
  FORMAT_VERSION,
} from "./disk-types.ts";

/**
 * The session as a plain JSON object in the disk format. Written field by field, so no in-memory
 * field reaches disk, optional fields are omitted when absent, and the same session always
 * serialises to the same bytes.
 */
export function snapshot(session: Session): DiskSession {
  return { ...snapshotHead(session), messages: session.messages.map(snapshotMessage) };
}

/** The session without its messages, in the disk format. */
export function snapshotHead(session: Session): DiskSessionHead {
  return {
    format_version: FORMAT_VERSION,
    session_id: session.id,
    created_at: session.createdAt,
    updated_at: session.updatedAt,
    title: session.title,
    metadata: cloneJson(session.metadata),
    state: cloneJson(session.state),
    revision: session.revision,
    ...(session.leafId !== undefined ? { leaf_id: session.leafId } : {}),
    ...settingsField(compactSettings(session.settings)),
  };
}

function settingsField(s: ConversationSettings | undefined): { settings?: DiskSettings } {
  if (!s) return {};
  const settings: DiskSettings = {
    ...(s.systemPrompt !== undefined ? { system_prompt: s.systemPrompt } : {}),
    ...(s.temperature !== undefined ? { temperature: s.temperature } : {}),
    ...(s.topP !== undefined ? { top_p: s.topP } : {}),
    ...(s.maxTokens !== undefined ? { max_tokens: s.maxTokens } : {}),
    ...(s.reasoningEffort !== undefined ? { reasoning_effort: s.reasoningEffort } : {}),
    ...(s.overflow !== undefined ? { overflow: s.overflow } : {}),
  };
  return { settings };
}

/** One message in the disk format. */
export function snapshotMessage(m: Message): DiskMessage {
  return {
    id: m.id,
    ...(m.parentId !== undefined ? { parent_id: m.parentId } : {}),
    role: m.role,
    content: m.content,
    ...(m.attachments?.length ? { attachments: m.attachments.map(snapshotAttachment) } : {}),
    ...(m.toolCalls ? { tool_calls: m.toolCalls.map(snapshotToolCall) } : {}),
    ...(m.toolCallId !== undefined ? { tool_call_id: m.toolCallId } : {}),
    created_at: m.createdAt,
    ...(m.agent !== undefined ? { agent: m.agent } : {}),
    ...(m.model !== undefined ? { model: m.model } : {}),
    ...(m.usage ? { usage: snapshotUsage(m.usage) } : {}),
    ...(m.timing ? { timing: snapshotTiming(m.timing) } : {}),
    ...(m.status !== undefined ? { status: m.status } : {}),
    ...(m.reasoning ? { reasoning: snapshotReasoning(m.reasoning) } : {}),
    ...(m.notes?.length ? { notes: [...m.notes] } : {}),
    ...(m.paramNotes?.length ? { param_notes: m.paramNotes.map(snapshotParamNote) } : {}),
    ...(m.error ? snapshotError(m.error) : {}),
    ...(m.isError !== undefined ? { is_error: m.isError } : {}),
    ...(m.summary
      ? { summary: { covers: m.summary.covers, last_covered_id: m.summary.lastCoveredId } }
      : {}),
  };
}

function snapshotAttachment(a: Attachment): DiskAttachment {
  return {
    hash: a.hash,
    name: a.name,
    mime: a.mime,
    size: a.size,
    kind: a.kind,
    ...(a.text !== undefined ? { text: a.text } : {}),
  };
}

function snapshotReasoning(r: Reasoning): NonNullable<DiskMessage["reasoning"]> {
  return r.durationMs === undefined
    ? { text: r.text }
    : { text: r.text, duration_ms: r.durationMs };
}

function snapshotParamNote(n: WireNote): DiskParamNote {
  return {
    code: n.code,
    param: n.param,
    ...(n.reason !== undefined ? { reason: n.reason } : {}),
    ...(n.value !== undefined ? { value: n.value } : {}),
  };
}

function snapshotToolCall(call: ToolCall): DiskToolCall {
  return { id: call.id, name: call.name, arguments: call.arguments };
}

function snapshotUsage(usage: Usage): NonNullable<DiskMessage["usage"]> {
  return {
    prompt_tokens: usage.promptTokens,
    completion_tokens: usage.completionTokens,
    total_tokens: usage.totalTokens,
  };
}

function snapshotTiming({ firstTokenMs, totalMs }: Timing): NonNullable<DiskMessage["timing"]> {
  return firstTokenMs === undefined
    ? { total_ms: totalMs }
    : { first_token_ms: firstTokenMs, total_ms: totalMs };
}

/** A failed answer's error as three fields, so a version before codes still reads the detail. */
function snapshotError(e: AnswerError): Pick<DiskMessage, "error_code" | "error_params" | "error"> {
  const params: DiskErrorParams = {
    ...(e.status !== undefined ? { status: e.status } : {}),
    ...(e.provider !== undefined ? { provider: e.provider } : {}),
    ...(e.agent !== undefined ? { agent: e.agent } : {}),
    ...(e.maxSteps !== undefined ? { max_steps: e.maxSteps } : {}),
    ...(e.tools !== undefined ? { tools: [...e.tools] } : {}),
    ...(e.limit !== undefined ? { limit: e.limit } : {}),
    ...(e.cause !== undefined ? { cause: e.cause } : {}),
  };
  return {
    ...(e.code !== undefined ? { error_code: e.code } : {}),
    ...(Object.keys(params).length > 0 ? { error_params: params } : {}),
    ...(e.detail !== undefined ? { error: e.detail } : {}),
  };
}
