import type { DraftMessage } from "./conversation-draft.ts";
import type { ImportNotes } from "./import-note.ts";
import { fenced } from "./markdown-blocks.ts";

/** For each message with tool calls, the ids its own run of tool messages right after it answers. */
function answeredRuns(messages: readonly DraftMessage[]): Map<DraftMessage, Set<string>> {
  const runs = new Map<DraftMessage, Set<string>>();
  messages.forEach((message, index) => {
    if (!message.toolCalls) return;
    const offered = new Set(message.toolCalls.map((c) => c.id));
    const answered = new Set<string>();
    for (let next = messages[index + 1], n = index + 1; next?.role === "tool"; next = messages[++n])
      if (
        next.toolCallId !== undefined &&
        offered.has(next.toolCallId) &&
        !answered.has(next.toolCallId)
      ) {
        answered.add(next.toolCallId);
        runs.set(next, answered);
      }
    runs.set(message, answered);
  });
  return runs;
}

/**
 * Pairs every tool result with its call as a model needs them: a result must come in the run of
 * tool messages right after the answer that made its call, in the same turn (OpenAI refuses a
 * request where one follows a user message). A call no result answers there is written into its
 * answer as a code block; a result with no call in reach becomes visible text in an answer of its
 * own. Neither is lost, and `notes` counts both.
 */
export function settleToolCalls(messages: DraftMessage[], notes?: ImportNotes): DraftMessage[] {
  const runs = answeredRuns(messages);
  const out: DraftMessage[] = [];
  for (const message of messages) {
    if (message.role === "tool") {
      if (runs.has(message)) out.push(message);
      else if (message.content.trim() !== "") {
        notes?.add("tool-result-as-text");
        const { toolCallId: _id, isError: _error, ...rest } = message;
        out.push({ ...rest, role: "assistant", content: fenced(message.content) });
      }
      continue;
    }
    if (!message.toolCalls) {
      out.push(message);
      continue;
    }
    const answered = runs.get(message) ?? new Set<string>();
    const kept = message.toolCalls.filter((c) => answered.has(c.id));
    const loose = message.toolCalls.filter((c) => !answered.has(c.id));
    notes?.add("tool-call-as-text", loose.length);
    const text = loose.map((c) => fenced(`${c.name}: ${c.arguments}`));
    const content = [message.content, ...text].filter((t) => t !== "").join("\n\n");
    if (content === "" && kept.length === 0) continue;
    const { toolCalls: _drop, ...rest } = message;
    out.push(kept.length > 0 ? { ...rest, content, toolCalls: kept } : { ...rest, content });
  }
  return out;
}
