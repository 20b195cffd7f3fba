import type { CountableMessage } from "../core/context/chat-format.ts";
import type { WireTool } from "../core/wire.ts";

/**
 * The tokenizer's work, in batches, wherever it runs (a worker on the page, the same thread in
 * Node). A rejected promise means the tokenizer cannot count: the counter uses its estimate.
 */
export interface TokenEncoder {
  messages(items: readonly CountableMessage[]): Promise<number[]>;
  texts(items: readonly string[]): Promise<number[]>;
  tools(tools: readonly WireTool[]): Promise<number>;
  dispose(): void;
}
