import { assistantMarkdown, userMarkdown } from "./markdown.ts";
import { createRng, type Rng } from "./rng.ts";
import { BENCH_SEED } from "./sessions.ts";

interface ExportNode {
  id: string;
  message: ExportMessage | null;
  parent: string | null;
  children: string[];
}

interface ExportMessage {
  id: string;
  author: { role: string; name: string | null; metadata: Record<string, never> };
  create_time: number | null;
  update_time: null;
  content: { content_type: string; parts?: string[]; language?: string; text?: string };
  status: string;
  end_turn: boolean | null;
  weight: number;
  metadata: Record<string, unknown>;
  recipient: string;
  channel: null;
}

function uuid(rng: Rng): string {
  const h = rng.hex(32);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20)}`;
}

function exportMessage(rng: Rng, role: string, text: string, time: number | null): ExportMessage {
  return {
    id: uuid(rng),
    author: { role, name: null, metadata: {} },
    create_time: time,
    update_time: null,
    content: { content_type: "text", parts: [text] },
    status: "finished_successfully",
    end_turn: role === "assistant" ? true : null,
    weight: role === "system" ? 0 : 1,
    metadata:
      role === "assistant"
        ? { model_slug: "gpt-4o", default_model_slug: "gpt-4o", request_id: rng.hex(16) }
        : role === "system"
          ? { is_visually_hidden_from_conversation: true }
          : { request_id: rng.hex(16), timestamp_: "absolute" },
    recipient: "all",
    channel: null,
  };
}

/** One ChatGPT `conversations.json` entry: a message tree with a hidden system root and some edited branches. */
export function generateChatGptConversation(index: number, turns: number): Record<string, unknown> {
  const rng = createRng(BENCH_SEED ^ (index * 2654435761));
  const mapping: Record<string, ExportNode> = {};
  const add = (message: ExportMessage | null, parent: string | null, id = message?.id): string => {
    const nodeId = id ?? uuid(rng);
    mapping[nodeId] = { id: nodeId, message, parent, children: [] };
    if (parent) mapping[parent]?.children.push(nodeId);
    return nodeId;
  };
  let time = 1_735_689_600 + index * 3600;
  const later = (seconds: number) => {
    time += seconds;
    return time;
  };
  const root = add(null, null, "client-created-root");
  let tip = add(exportMessage(rng, "system", "", null), root);
  for (let t = 0; t < turns; t++) {
    if (rng.chance(0.04)) {
      const abandoned = add(exportMessage(rng, "user", userMarkdown(rng), later(20)), tip);
      add(exportMessage(rng, "assistant", assistantMarkdown(rng), later(20)), abandoned);
    }
    tip = add(exportMessage(rng, "user", userMarkdown(rng), later(rng.int(5, 600))), tip);
    tip = add(exportMessage(rng, "assistant", assistantMarkdown(rng), later(rng.int(5, 60))), tip);
  }
  const id = uuid(rng);
  return {
    title: `Imported ${String(index + 1).padStart(5, "0")}`,
    create_time: 1_735_689_600 + index * 3600,
    update_time: time,
    mapping,
    moderation_results: [],
    current_node: tip,
    plugin_ids: null,
    conversation_id: id,
    conversation_template_id: null,
    gizmo_id: null,
    is_archived: false,
    safe_urls: [],
    default_model_slug: "gpt-4o",
    id,
  };
}

/**
 * Writes a ChatGPT export (`conversations.json`) of at least `targetBytes` bytes (UTF-8) to `write`,
 * conversation by conversation, so a 100 MB file is never held in memory at once.
 */
export function writeChatGptExport(
  targetBytes: number,
  write: (chunk: string) => void,
  turnsPerConversation = 25,
): { conversations: number; bytes: number } {
  let bytes = 1;
  let conversations = 0;
  write("[");
  while (bytes < targetBytes) {
    const text = JSON.stringify(generateChatGptConversation(conversations, turnsPerConversation));
    const chunk = conversations === 0 ? text : `,${text}`;
    write(chunk);
    bytes += Buffer.byteLength(chunk);
    conversations++;
  }
  write("]");
  return { conversations, bytes: bytes + 1 };
}
