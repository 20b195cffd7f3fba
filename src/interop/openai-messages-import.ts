import type { JsonObject, JsonValue } from "../core/json.ts";
import type { Role, ToolCall } from "../core/message.ts";
import type { DraftConversation, DraftMessage } from "./conversation-draft.ts";
import { type ImportIssue, jsonPath } from "./import-issue.ts";
import { ImportNotes } from "./import-note.ts";
import { fromFile } from "./import-problem.ts";
import { emptyOutput, type ImporterOutput } from "./importer.ts";
import { asArray, asString, contentText, isObject } from "./json-read.ts";
import { stableHash } from "./stable-hash.ts";
import { settleToolCalls } from "./tool-pairing.ts";

const ROLE_ALIASES: Record<string, Role> = {
  system: "system",
  developer: "system",
  user: "user",
  assistant: "assistant",
  tool: "tool",
  function: "tool",
  human: "user",
};

function isChatMessage(value: JsonValue | undefined): boolean {
  return isObject(value) && typeof value.role === "string" && "content" in value;
}

function isMessageList(value: JsonValue | undefined): value is JsonValue[] {
  return Array.isArray(value) && value.length > 0 && value.every(isChatMessage);
}

/** `[{role, content}, …]` or `{messages: [{role, content}, …]}`. */
export function isOpenAiMessages(value: JsonValue): boolean {
  return isMessageList(value) || (isObject(value) && isMessageList(value.messages));
}

/** One JSON object per line, each `{messages: […]}` as in OpenAI fine-tuning files. */
export function isFineTuningLines(lines: JsonValue[]): boolean {
  return lines.length > 0 && lines.every((line) => isObject(line) && isMessageList(line.messages));
}

function toolCallsOf(value: JsonValue | undefined): ToolCall[] | undefined {
  const calls = asArray(value);
  if (!calls) return undefined;
  const out: ToolCall[] = [];
  calls.forEach((call, index) => {
    if (!isObject(call)) return;
    const fn = isObject(call.function) ? call.function : {};
    const args = fn.arguments;
    out.push({
      id: asString(call.id) || `call_${index}`,
      name: asString(fn.name) || "tool",
      arguments: typeof args === "string" ? args : JSON.stringify(args ?? {}),
    });
  });
  return out;
}

/** One list of chat messages as a conversation; its id is a hash of its text, so the same list is recognised again. */
export function readMessageList(
  list: JsonValue[],
  at: Array<string | number>,
  warnings: ImportIssue[],
  extraTitle?: string,
): DraftConversation {
  const messages: DraftMessage[] = [];
  list.forEach((item, index) => {
    const raw = item as JsonObject;
    const path = jsonPath([...at, index]);
    const roleName = asString(raw.role) ?? "";
    const role = Object.hasOwn(ROLE_ALIASES, roleName) ? ROLE_ALIASES[roleName] : undefined;
    if (!role) {
      warnings.push({
        path: `${path}.role`,
        code: "role-unknown",
        role: fromFile(roleName),
      });
      return;
    }
    const message: DraftMessage = { path, role, content: contentText(raw.content) };
    const calls = role === "assistant" ? toolCallsOf(raw.tool_calls) : undefined;
    if (calls && calls.length > 0) message.toolCalls = calls;
    const callId =
      asString(raw.tool_call_id) ?? (roleName === "function" ? asString(raw.name) : undefined);
    if (role === "tool" && callId) message.toolCallId = callId;
    messages.push(message);
  });
  const notes = new ImportNotes();
  const settled = settleToolCalls(messages, notes);
  return {
    path: jsonPath(at),
    sourceId: stableHash(JSON.stringify(list)),
    title: extraTitle ?? "",
    messages: settled,
    notes: notes.list(),
  };
}

export function readOpenAiMessages(value: JsonValue): ImporterOutput {
  const output = emptyOutput();
  if (Array.isArray(value)) output.drafts.push(readMessageList(value, [], output.warnings));
  else if (isObject(value) && Array.isArray(value.messages))
    output.drafts.push(
      readMessageList(value.messages, ["messages"], output.warnings, asString(value.title)),
    );
  return output;
}

/** Fine-tuning JSONL: each line is one conversation; paths say the line, e.g. `line 3: $.messages[0]`. */
export function readFineTuningLines(lines: JsonValue[]): ImporterOutput {
  const output = emptyOutput();
  lines.forEach((line, index) => {
    const messages = (line as JsonObject).messages as JsonValue[];
    const warnings: ImportIssue[] = [];
    const draft = readMessageList(messages, ["messages"], warnings);
    const prefix = `line ${index + 1}: `;
    draft.path = `${prefix}${draft.path}`;
    for (const m of draft.messages) m.path = `${prefix}${m.path}`;
    output.drafts.push(draft);
    output.warnings.push(...warnings.map((w) => ({ ...w, path: `${prefix}${w.path}` })));
  });
  return output;
}
