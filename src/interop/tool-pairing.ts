import type { DraftMessage } from "./conversation-draft.ts";
import type { ImportNotes } from "./import-note.ts";
import { fenced } from "./markdown-blocks.ts";

/** The messages that follow each one: its children in a tree draft, else the one after it. */
export function followers(messages: readonly DraftMessage[]): Map<DraftMessage, DraftMessage[]> {
  const byId = new Map<string, DraftMessage>();
  const out = new Map<DraftMessage, DraftMessage[]>();
  messages.forEach((message, index) => {
    const parent =
      message.id === undefined
        ? messages[index - 1]
        : message.parentId === undefined
          ? undefined
          : byId.get(message.parentId);
    if (message.id !== undefined && !byId.has(message.id)) byId.set(message.id, message);
    if (!parent) return;
    const list = out.get(parent);
    if (list) list.push(message);
    else out.set(parent, [message]);
  });
  return out;
}

/**
 * Drops messages from a draft: the children of a dropped one hang from its parent instead, so a
 * version below it is never cut off. `keep` sees each message once, parents first, with its
 * parent already moved (and the message as the draft held it), and returns what is kept.
 */
export function pruneDraft(
  messages: readonly DraftMessage[],
  keep: (message: DraftMessage, original: DraftMessage) => DraftMessage | undefined,
): DraftMessage[] {
  const moved = new Map<string, string | undefined>();
  const out: DraftMessage[] = [];
  for (const message of messages) {
    const parentId =
      message.parentId !== undefined && moved.has(message.parentId)
        ? moved.get(message.parentId)
        : message.parentId;
    const lifted = parentId === message.parentId ? message : { ...message, parentId };
    const kept = keep(lifted, message);
    if (kept) out.push(kept);
    else if (message.id !== undefined) moved.set(message.id, parentId);
  }
  return out;
}

interface Runs {
  /** Tool messages that answer a call of the answer their run follows. */
  paired: Set<DraftMessage>;
  /** For each message with tool calls, the ids some run of tool messages below it answers. */
  answered: Map<DraftMessage, Set<string>>;
}

function answeredRuns(messages: readonly DraftMessage[]): Runs {
  const next = followers(messages);
  const runs: Runs = { paired: new Set(), answered: new Map() };
  for (const message of messages) {
    if (!message.toolCalls) continue;
    const offered = new Set(message.toolCalls.map((c) => c.id));
    const answered = new Set<string>();
    // Each version of the run answers a call once; the walk is a stack, for runs of any length.
    const stack = (next.get(message) ?? []).map((node) => ({ node, taken: new Set<string>() }));
    for (let top = stack.pop(); top; top = stack.pop()) {
      const { node, taken } = top;
      if (node.role !== "tool") continue;
      let here = taken;
      const id = node.toolCallId;
      if (id !== undefined && offered.has(id) && !taken.has(id) && !runs.paired.has(node)) {
        here = new Set(taken).add(id);
        answered.add(id);
        runs.paired.add(node);
      }
      for (const child of next.get(node) ?? []) stack.push({ node: child, taken: here });
    }
    runs.answered.set(message, answered);
  }
  return runs;
}

/**
 * Pairs every tool result with its call as a model needs them: a result must come in the run of
 * tool messages right after the answer that made its call, in the same turn (OpenAI refuses a
 * request where one follows a user message); in a tree, the run is the tool messages below the
 * answer on each version. A call no result answers there is written into its answer as a code
 * block; a result with no call in reach becomes visible text in an answer of its own. Neither is
 * lost, and `notes` counts both.
 */
export function settleToolCalls(messages: DraftMessage[], notes?: ImportNotes): DraftMessage[] {
  const runs = answeredRuns(messages);
  return pruneDraft(messages, (message, original) => {
    if (message.role === "tool") {
      if (runs.paired.has(original)) return message;
      if (message.content.trim() === "") return undefined;
      notes?.add("tool-result-as-text");
      const { toolCallId: _id, isError: _error, ...rest } = message;
      return { ...rest, role: "assistant", content: fenced(message.content) };
    }
    if (!message.toolCalls) return message;
    const answered = runs.answered.get(original) ?? new Set<string>();
    const kept = message.toolCalls.filter((c) => answered.has(c.id));
    const loose = message.toolCalls.filter((c) => !answered.has(c.id));
    notes?.add("tool-call-as-text", loose.length);
    const text = loose.map((c) => fenced(`${c.name}: ${c.arguments}`));
    const content = [message.content, ...text].filter((t) => t !== "").join("\n\n");
    if (content === "" && kept.length === 0) return undefined;
    const { toolCalls: _drop, ...rest } = message;
    return kept.length > 0 ? { ...rest, content, toolCalls: kept } : { ...rest, content };
  });
}
