import type { JsonObject, JsonValue } from "../core/json.ts";
import { failed, ok, type Result } from "../core/result.ts";
import { linkCitations } from "./chatgpt-citations.ts";
import { imagesNotHeld, nodeMessage, visibleBranch } from "./chatgpt-mapping.ts";
import type { DraftConversation, DraftMessage } from "./conversation-draft.ts";
import { isOneOrMany, readOneOrMany } from "./conversation-list.ts";
import { type ImportIssue, issueAt, jsonPath } from "./import-issue.ts";
import { ImportNotes } from "./import-note.ts";
import { toIsoTime } from "./import-time.ts";
import { type ImportedNode, keepWholeTree, keptLeaf } from "./imported-tree.ts";
import type { ImporterOutput } from "./importer.ts";
import { asId, asString, isObject } from "./json-read.ts";
import { pruneDraft, settleToolCalls } from "./tool-pairing.ts";

/** A node of `mapping` as ChatGPT writes it: `parent` and a list of `children`. */
function isMappingNode(node: JsonValue | undefined): boolean {
  return isObject(node) && "parent" in node && Array.isArray(node.children);
}

/**
 * A conversation: `mapping` with `current_node`, or (a file trimmed by a tool or by hand that
 * lost `current_node`) a `mapping` whose nodes are ChatGPT's.
 */
function isConversation(value: JsonValue | undefined): value is JsonObject {
  if (!isObject(value) || !isObject(value.mapping)) return false;
  return "current_node" in value || Object.values(value.mapping).some(isMappingNode);
}

/** ChatGPT's `conversations.json`: an array of conversations, or one conversation object. */
export function isChatGptExport(value: JsonValue): boolean {
  return isOneOrMany(value, isConversation);
}

/**
 * The nodes of `mapping` the ChatGPT page shows, as a tree: a hidden node's children hang from
 * its nearest shown ancestor. A tool reply answers the call right above it; a second reply under
 * that one (browsing quotes several pages) has no call of its own and is joined to it later.
 */
function readTree(
  mapping: JsonObject,
  at: Array<string | number>,
  defaultModel: string | undefined,
  nodeNotes: Map<string, ImportNotes>,
): ImportedNode[] {
  const shownAncestor = (nodeId: string): string | undefined => {
    const seen = new Set<string>([nodeId]);
    let id = asString((mapping[nodeId] as JsonObject).parent);
    while (id !== undefined && !seen.has(id) && Object.hasOwn(mapping, id)) {
      if (nodeMessageOf(mapping, id)) return id;
      seen.add(id);
      const node = mapping[id];
      id = isObject(node) ? asString(node.parent) : undefined;
    }
    return undefined;
  };
  const nodes: ImportedNode[] = [];
  for (const [nodeId, node] of Object.entries(mapping)) {
    const read = isObject(node) ? nodeMessage(node) : undefined;
    if (!read) continue;
    const { message } = read;
    const metadata = isObject(message.metadata) ? message.metadata : {};
    const sourceId = asString(message.id) ?? nodeId;
    const model =
      asString(metadata.model_slug) ?? asString(metadata.default_model_slug) ?? defaultModel;
    const base = {
      id: nodeId,
      parentId: shownAncestor(nodeId),
      path: jsonPath([...at, "mapping", nodeId, "message"]),
      sourceId,
      createdAt: toIsoTime(message.create_time),
    };
    let out: ImportedNode;
    if (read.kind === "call") {
      const call = { id: sourceId, name: read.recipient, arguments: read.text };
      out = { ...base, role: "assistant", content: "", toolCalls: [call], model };
    } else if (read.kind === "tool") {
      out = { ...base, role: "tool", content: read.text };
      const above = base.parentId === undefined ? undefined : nodeMessageOf(mapping, base.parentId);
      const callId =
        above?.kind === "call" ? (asString(above.message.id) ?? base.parentId) : undefined;
      if (callId) out.toolCallId = callId;
    } else {
      const notes = new ImportNotes();
      const cited = read.role === "assistant" ? linkCitations(read.text, metadata) : undefined;
      notes.add("citations-linked", cited?.linked ?? 0);
      notes.add("images-not-in-export", imagesNotHeld(message));
      nodeNotes.set(nodeId, notes);
      out = { ...base, role: read.role, content: cited?.text ?? read.text };
      if (read.role === "assistant") out.model = model;
    }
    nodes.push(out);
  }
  return nodes;
}

function nodeMessageOf(mapping: JsonObject, id: string) {
  const node = mapping[id];
  return isObject(node) ? nodeMessage(node) : undefined;
}

/** Joins a tool reply with no call of its own to the answered reply right above it. */
function joinRepeatedResults(nodes: readonly DraftMessage[]): DraftMessage[] {
  const kept = new Map<string, DraftMessage>();
  return pruneDraft(nodes, (node) => {
    const above = node.parentId === undefined ? undefined : kept.get(node.parentId);
    if (node.role === "tool" && !node.toolCallId && above?.role === "tool" && above.toolCallId) {
      above.content = [above.content, node.content].filter((t) => t !== "").join("\n\n");
      return undefined;
    }
    const own = { ...node };
    if (own.id !== undefined) kept.set(own.id, own);
    return own;
  });
}

function readConversation(
  value: JsonObject,
  at: Array<string | number>,
): Result<DraftConversation, ImportIssue> {
  const mapping = value.mapping as JsonObject;
  const named = asString(value.current_node);
  // Without a `current_node` that names a node, nothing says which version was shown: every
  // version is still kept, the latest is shown, and the plan says so.
  const current = named !== undefined && Object.hasOwn(mapping, named) ? named : undefined;
  const notes = new ImportNotes();
  for (const node of Object.values(mapping))
    if (isObject(node) && isObject(node.message) && isObject(node.message.content))
      if (node.message.content.content_type === "thoughts") notes.add("thinking-left-out");
  const nodeNotes = new Map<string, ImportNotes>();
  const read = readTree(mapping, at, asString(value.default_model_slug), nodeNotes);
  if (current === undefined) {
    if (read.length === 0)
      return failed(issueAt(jsonPath([...at, "current_node"]), { code: "current-node-missing" }));
    notes.add("shown-version-unknown");
  }
  const branch = current === undefined ? [] : visibleBranch(mapping, current);
  const activeLeafId = branch.findLast(([, node]) => nodeMessage(node))?.[0];
  const tree = keepWholeTree({ nodes: read, activeLeafId }, notes, nodeNotes);
  const messages = settleToolCalls(joinRepeatedResults(tree.nodes), notes);
  const sourceId = asId(value.id) ?? asId(value.conversation_id) ?? jsonPath(at);
  return ok({
    path: jsonPath(at),
    sourceId,
    title: asString(value.title) ?? "",
    createdAt: toIsoTime(value.create_time),
    updatedAt: toIsoTime(value.update_time),
    messages,
    leafId: keptLeaf(tree.nodes, messages, tree.leafId),
    notes: notes.list(),
  });
}

export function readChatGpt(value: JsonValue): ImporterOutput {
  return readOneOrMany(value, {
    accepts: isConversation,
    notAConversation: {
      code: "conversation-fields-missing",
      app: "ChatGPT",
      fields: "mapping, current_node",
    },
    titleOf: (item) => asString(item.title) ?? "",
    read: readConversation,
  });
}
