import type { JsonObject, JsonValue } from "../core/json.ts";
import { asArray, asString, isObject, partTexts } from "./json-read.ts";

const HIDDEN_TYPES = new Set([
  "thoughts",
  "reasoning_recap",
  "user_editable_context",
  "model_editable_context",
]);

/**
 * A picture the export only points at (`image_asset_pointer`: its bytes are a file beside
 * `conversations.json`, or on ChatGPT's servers), named by its pointer so the reader knows which.
 */
function imagePlaceholder(part: JsonObject): string {
  const pointer = asString(part.asset_pointer)?.replace(/^[a-z-]+:\/\//u, "");
  return pointer ? `[image ${pointer}: not in this export]` : "[image: not in this export]";
}

const isImagePart = (part: JsonValue) =>
  isObject(part) &&
  asString(part.text) === undefined &&
  /image/u.test(asString(part.content_type) ?? "");

/** How many pictures a message's parts point at without holding them. */
export function imagesNotHeld(message: JsonObject): number {
  const content = isObject(message.content) ? message.content : {};
  return (asArray(content.parts) ?? []).filter(isImagePart).length;
}

function partsText(parts: JsonValue[]): string {
  return partTexts(parts, (part) => {
    const type = asString(part.content_type);
    if (type === undefined) return undefined;
    return type.includes("image") ? imagePlaceholder(part) : `[${type}]`;
  })
    .filter((t) => t !== "")
    .join("\n");
}

/** The visible text of a message's content, or undefined when this kind of content is not kept. */
function contentOf(
  content: JsonObject,
): { text: string; code?: string; language?: string } | undefined {
  const type = asString(content.content_type) ?? "text";
  if (HIDDEN_TYPES.has(type)) return undefined;
  if (type === "code") {
    const language = asString(content.language);
    return {
      text: asString(content.text) ?? "",
      code: asString(content.text) ?? "",
      ...(language && language !== "unknown" ? { language } : {}),
    };
  }
  if (type === "tether_browsing_display") return { text: asString(content.result) ?? "" };
  const parts = asArray(content.parts);
  if (parts) return { text: partsText(parts) };
  const text = asString(content.text) ?? asString(content.result);
  return text === undefined ? undefined : { text };
}

/** The nodes from the root to `current_node`: the branch the user last saw. */
export function visibleBranch(mapping: JsonObject, current: string): Array<[string, JsonObject]> {
  const branch: Array<[string, JsonObject]> = [];
  const seen = new Set<string>();
  let id: string | undefined = current;
  while (id !== undefined && !seen.has(id)) {
    seen.add(id);
    const node: JsonValue | undefined = Object.hasOwn(mapping, id) ? mapping[id] : undefined;
    if (!isObject(node)) break;
    branch.push([id, node]);
    id = asString(node.parent);
  }
  return branch.reverse();
}

/** What one node of `mapping` shows, or undefined when the ChatGPT page shows nothing for it. */
export type NodeMessage =
  | { kind: "call"; message: JsonObject; recipient: string; text: string }
  | { kind: "tool"; message: JsonObject; name: string | undefined; text: string }
  | { kind: "text"; message: JsonObject; role: "user" | "assistant" | "system"; text: string };

export function nodeMessage(node: JsonObject): NodeMessage | undefined {
  const message = node.message;
  if (!isObject(message) || !isObject(message.content)) return undefined;
  const metadata = isObject(message.metadata) ? message.metadata : {};
  if (metadata.is_visually_hidden_from_conversation === true) return undefined;
  const content = contentOf(message.content);
  if (!content) return undefined;
  const author = isObject(message.author) ? message.author : {};
  const role = asString(author.role);
  const recipient = asString(message.recipient) ?? "all";
  if (role === "assistant" && recipient !== "all")
    return { kind: "call", message, recipient, text: content.text };
  if (role === "tool")
    return { kind: "tool", message, name: asString(author.name), text: content.text };
  if (role !== "user" && role !== "assistant" && role !== "system") return undefined;
  const text =
    content.code !== undefined
      ? `\`\`\`${content.language ?? ""}\n${content.code}\n\`\`\``
      : content.text;
  return text.trim() === "" ? undefined : { kind: "text", message, role, text };
}
