import type { JsonObject, JsonValue } from "../core/json.ts";
import { failed, ok, type Result } from "../core/result.ts";
import type { DraftMessage } from "./conversation-draft.ts";
import { type ImportIssue, issueAt, jsonPath } from "./import-issue.ts";
import type { ImportNotes } from "./import-note.ts";
import { fromFile } from "./import-problem.ts";
import { toIsoTime } from "./import-time.ts";
import { asArray, asString, contentText, isObject } from "./json-read.ts";
import { escapeMarkdown, fenced } from "./markdown-blocks.ts";

const ROLES: Readonly<Record<string, DraftMessage["role"]>> = {
  human: "user",
  user: "user",
  assistant: "assistant",
  system: "system",
};

/**
 * What the message carried besides its text: each file whose text Claude extracted
 * (`attachments[].extracted_content`) becomes a text attachment, and each file the export holds
 * nothing of (`files`, `files_v2`; a file whose text is attached is named once) is named in the
 * text, as `[photo.png]`.
 */
function attachedFiles(
  message: JsonObject,
  notes: ImportNotes,
): { files: { name: string; text: string }[]; named: string[] } {
  const files: { name: string; text: string }[] = [];
  const named: string[] = [];
  const seen = new Set<string>();
  for (const attachment of asArray(message.attachments) ?? []) {
    if (!isObject(attachment)) continue;
    const name = asString(attachment.file_name) ?? "";
    const text = asString(attachment.extracted_content);
    seen.add(name);
    if (text === undefined || text === "") continue;
    files.push({ name, text });
  }
  for (const file of [...(asArray(message.files) ?? []), ...(asArray(message.files_v2) ?? [])]) {
    const name = isObject(file) ? asString(file.file_name) : undefined;
    if (name === undefined || seen.has(name)) continue;
    seen.add(name);
    named.push(`[${escapeMarkdown(name)}]`);
    notes.add("file-named-only");
  }
  return { files, named };
}

/** The text of a content block Parley has no kind of its own for, or undefined when it has none. */
function otherBlockText(block: JsonObject, type: string, notes: ImportNotes): string | undefined {
  const code = asString(block.code) ?? (type === "code" ? asString(block.text) : undefined);
  if (code !== undefined) {
    notes.add("code-fenced");
    return fenced(code, asString(block.language) ?? "");
  }
  const text = asString(block.text);
  if (text === undefined) notes.add("blocks-left-out", 1, type);
  return text;
}

/** One Claude message becomes one or more Parley messages, following its content blocks in order. */
export function readClaudeMessage(
  message: JsonObject,
  path: Array<string | number>,
  notes: ImportNotes,
): Result<DraftMessage[], ImportIssue> {
  const sender = asString(message.sender) ?? "";
  const role = Object.hasOwn(ROLES, sender) ? ROLES[sender] : undefined;
  const at = jsonPath(path);
  if (!role)
    return failed(issueAt(`${at}.sender`, { code: "sender-unknown", sender: fromFile(sender) }));
  if (role === "system") notes.add("system-kept");
  const sourceId = asString(message.uuid);
  const createdAt = toIsoTime(message.created_at);
  const out: DraftMessage[] = [];
  let text: string[] = [];
  let thinking: string[] = [];
  let thinkingMs: number | undefined;
  let part = 0;
  const idFor = () => (sourceId ? `${sourceId}${part++ === 0 ? "" : `-${part - 1}`}` : undefined);
  const flush = (extra?: Partial<DraftMessage>) => {
    const content = text.filter((t) => t !== "").join("\n\n");
    if (content === "" && !extra) return;
    const id = idFor();
    const reasoning =
      role === "assistant" && thinking.length > 0
        ? {
            reasoning: {
              text: thinking.join("\n\n"),
              ...(thinkingMs !== undefined ? { durationMs: thinkingMs } : {}),
            },
          }
        : {};
    out.push({
      path: at,
      ...(id ? { sourceId: id } : {}),
      role,
      content,
      createdAt,
      ...reasoning,
      ...extra,
    });
    text = [];
    thinking = [];
    thinkingMs = undefined;
  };
  const blocks: JsonValue[] = asArray(message.content) ?? [];
  if (blocks.length === 0) text.push(asString(message.text) ?? "");
  for (const block of blocks) {
    if (!isObject(block)) continue;
    const type = asString(block.type) ?? "";
    if (type === "text") text.push(asString(block.text) ?? "");
    else if (type === "thinking" && role === "assistant" && asString(block.thinking)) {
      thinking.push(asString(block.thinking) ?? "");
      const ms = spanMs(block.start_timestamp, block.stop_timestamp);
      if (ms !== undefined) thinkingMs = (thinkingMs ?? 0) + ms;
    } else if (type === "thinking" || type === "redacted_thinking") notes.add("thinking-left-out");
    else if (type === "image") text.push("[image]");
    else if (type === "tool_use") {
      const id = asString(block.id) ?? `${sourceId ?? "call"}-${out.length}`;
      const args = JSON.stringify(isObject(block.input) ? block.input : {});
      flush({ toolCalls: [{ id, name: asString(block.name) ?? "tool", arguments: args }] });
    } else if (type === "tool_result") {
      flush();
      const result: DraftMessage = {
        path: at,
        role: "tool",
        content: contentText(block.content),
        createdAt,
      };
      const callId = asString(block.tool_use_id);
      if (callId) result.toolCallId = callId;
      if (block.is_error === true) result.isError = true;
      const id = idFor();
      if (id) result.sourceId = id;
      out.push(result);
    } else {
      const shown = otherBlockText(block, type || "?", notes);
      if (shown !== undefined) text.push(shown);
    }
  }
  const { files, named } = attachedFiles(message, notes);
  text.push(...named);
  if (files.length > 0) flush({ textFiles: files });
  else flush(blocks.length === 0 ? {} : undefined);
  return ok(out);
}

/** Milliseconds between two ISO times of a block, when both are times and in order. */
function spanMs(start: JsonValue | undefined, stop: JsonValue | undefined): number | undefined {
  const from = typeof start === "string" ? Date.parse(start) : Number.NaN;
  const to = typeof stop === "string" ? Date.parse(stop) : Number.NaN;
  return Number.isFinite(from) && Number.isFinite(to) && to >= from ? to - from : undefined;
}
