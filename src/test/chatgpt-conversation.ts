import type { JsonObject, JsonValue } from "../core/json.ts";
import type { Message } from "../core/message.ts";

/** One node of a ChatGPT `mapping`, as the export writes it; only what a test is about. */
export interface ChatGptNode {
  id: string;
  role: "system" | "user" | "assistant" | "tool";
  text?: string;
  /** Another tool than `all` makes an assistant node a tool call. */
  recipient?: string;
  /** The tool that wrote a `tool` node. */
  name?: string;
  contentType?: string;
  metadata?: JsonObject;
  /** The parent node; by default the node before it in the list. */
  parent?: string;
}

/**
 * A ChatGPT conversation object whose `mapping` holds `nodes` under a root, each the child of
 * the one before unless it names its parent, with `current_node` the last one (or `current`).
 */
export function chatGptConversation(
  nodes: readonly ChatGptNode[],
  extra: JsonObject & { current?: string } = {},
): JsonObject {
  const { current, ...fields } = extra;
  const mapping: JsonObject = { root: { id: "root", parent: null, children: [], message: null } };
  let previous = "root";
  nodes.forEach((node, index) => {
    const parent = node.parent ?? previous;
    const content: JsonObject =
      node.contentType === "code"
        ? { content_type: "code", language: "unknown", text: node.text ?? "" }
        : { content_type: node.contentType ?? "text", parts: [node.text ?? ""] };
    const author: JsonObject = { role: node.role, name: node.name ?? null, metadata: {} };
    mapping[node.id] = {
      id: node.id,
      parent,
      children: [],
      message: {
        id: node.id,
        author,
        create_time: 1_700_000_000 + index,
        content,
        metadata: node.metadata ?? {},
        recipient: node.recipient ?? "all",
      },
    };
    ((mapping[parent] as JsonObject).children as JsonValue[]).push(node.id);
    previous = node.id;
  });
  return {
    title: "Test",
    create_time: 1_700_000_000,
    update_time: 1_700_000_100,
    mapping,
    current_node: current ?? previous,
    id: "conv-1",
    ...fields,
  };
}

/**
 * Where a tool message does not answer a call of the assistant message right before its run of
 * tool messages: what OpenAI refuses with a 400. Empty when every result follows its own call.
 */
export function strayToolResults(messages: readonly Message[]): number[] {
  const stray: number[] = [];
  messages.forEach((message, index) => {
    if (message.role !== "tool") return;
    let back = index - 1;
    while (back >= 0 && messages[back]?.role === "tool") back--;
    const caller = messages[back];
    const answers = caller?.toolCalls?.some((call) => call.id === message.toolCallId) === true;
    if (!answers) stray.push(index);
  });
  return stray;
}
