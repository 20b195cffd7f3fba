import type { JsonObject, JsonValue } from "../core/json.ts";
import { ok, type Result } from "../core/result.ts";
import { readClaudeMessage } from "./claude-message.ts";
import type { DraftConversation } from "./conversation-draft.ts";
import { isOneOrMany, readOneOrMany } from "./conversation-list.ts";
import { type ImportIssue, jsonPath } from "./import-issue.ts";
import { ImportNotes } from "./import-note.ts";
import { toIsoTime } from "./import-time.ts";
import { type ImportedNode, keepWholeTree, keptLeaf } from "./imported-tree.ts";
import type { ImporterOutput } from "./importer.ts";
import { asId, asString, isObject } from "./json-read.ts";
import { settleToolCalls } from "./tool-pairing.ts";

function isConversation(value: JsonValue | undefined): value is JsonObject {
  return isObject(value) && Array.isArray(value.chat_messages);
}

/** Claude's `conversations.json`: an array of conversations with `chat_messages`. */
export function isClaudeExport(value: JsonValue): boolean {
  return isOneOrMany(value, isConversation);
}

/** The uuid claude.ai gives the parent of a conversation's first message. */
const ROOT_PARENT = "00000000-0000-4000-8000-000000000000";

/**
 * The conversation as a tree. One Claude message may become several Parley messages (its tool
 * blocks), chained in order; a message's children hang from the last of them. claude.ai links
 * messages by `parent_message_uuid` where the export has it; without it they follow each other.
 */
function readTree(
  value: JsonObject,
  at: Array<string | number>,
  nodeNotes: Map<string, ImportNotes>,
  emptyNotes: ImportNotes,
): Result<
  { nodes: ImportedNode[]; tail: (key: string | undefined) => string | undefined },
  ImportIssue
> {
  const linked = (value.chat_messages as JsonValue[]).some(
    (m) => isObject(m) && asString(m.parent_message_uuid) !== undefined,
  );
  const nodes: ImportedNode[] = [];
  const tails = new Map<string, { last?: string; parent?: string }>();
  const parentOf: Array<string | undefined> = [];
  let previous: string | undefined;
  for (const [index, message] of (value.chat_messages as JsonValue[]).entries()) {
    if (!isObject(message)) continue;
    const where = [...at, "chat_messages", index];
    const notes = new ImportNotes();
    const read = readClaudeMessage(message, where, notes);
    if (!read.ok) return read;
    const drafts = read.value;
    const key = asString(message.uuid) ?? jsonPath(where);
    const declared = asString(message.parent_message_uuid);
    const parent = linked ? (declared === ROOT_PARENT ? undefined : declared) : previous;
    let last: string | undefined;
    drafts.forEach((draft, part) => {
      const id = draft.sourceId ?? `${jsonPath(where)}#${part}`;
      nodes.push({ ...draft, id, parentId: last });
      parentOf.push(last === undefined ? parent : undefined);
      if (last === undefined) nodeNotes.set(id, notes);
      last = id;
    });
    if (drafts.length === 0) emptyNotes.merge(notes);
    tails.set(key, { ...(last ? { last } : {}), ...(parent ? { parent } : {}) });
    previous = key;
  }
  const tail = (key: string | undefined): string | undefined => {
    const seen = new Set<string>();
    for (let k = key; k !== undefined && !seen.has(k); k = tails.get(k)?.parent) {
      seen.add(k);
      const last = tails.get(k)?.last;
      if (last) return last;
    }
    return undefined;
  };
  nodes.forEach((node, index) => {
    if (node.parentId === undefined) node.parentId = tail(parentOf[index]);
  });
  return ok({ nodes, tail });
}

function readConversation(
  value: JsonObject,
  at: Array<string | number>,
): Result<DraftConversation, ImportIssue> {
  const notes = new ImportNotes();
  const nodeNotes = new Map<string, ImportNotes>();
  // What a message that shows nothing (only thinking, say) noted is the conversation's.
  const tree = readTree(value, at, nodeNotes, notes);
  if (!tree.ok) return tree;
  const { nodes, tail } = tree.value;
  const leaf = asString(value.current_leaf_message_uuid);
  const whole = keepWholeTree({ nodes, activeLeafId: tail(leaf) }, notes, nodeNotes);
  const settled = settleToolCalls(whole.nodes, notes);
  return ok({
    path: jsonPath(at),
    sourceId: asId(value.uuid) ?? jsonPath(at),
    title: asString(value.name) ?? "",
    createdAt: toIsoTime(value.created_at),
    updatedAt: toIsoTime(value.updated_at),
    messages: settled,
    leafId: keptLeaf(whole.nodes, settled, whole.leafId),
    notes: notes.list(),
  });
}

export function readClaude(value: JsonValue): ImporterOutput {
  return readOneOrMany(value, {
    accepts: isConversation,
    notAConversation: {
      code: "conversation-fields-missing",
      app: "Claude",
      fields: "chat_messages",
    },
    titleOf: (item) => asString(item.name) ?? "",
    read: readConversation,
  });
}
