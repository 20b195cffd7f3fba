import type { CountableMessage } from "../core/context/chat-format.ts";
import type { WireTool } from "../core/wire.ts";
import type { Tokenizer } from "./tokenizer.ts";

/**
 * Asked of the token worker: the costs of messages, the tokens of texts, or of tool
 * declarations; and first of all, the ranks to count with (`rank-file.ts`), which the page
 * fetched (only `src/net` and `src/app` talk to the network) and hands over without a copy.
 */
export type TokenWorkerRequest = { id: number } & (
  | { kind: "ranks"; ranks: ArrayBuffer }
  | { kind: "messages"; items: CountableMessage[] }
  | { kind: "texts"; items: string[] }
  | { kind: "tools"; tools: WireTool[] }
);

/** The worker's answer to request `id`: one count per item (one in all for tools), or why not. */
export type TokenWorkerResponse =
  | { id: number; ok: true; tokens: number[] }
  | { id: number; ok: false; message: string };

/** The counts a request asks for. */
export function answer(
  tokenizer: Tokenizer,
  request: Exclude<TokenWorkerRequest, { kind: "ranks" }>,
): number[] {
  if (request.kind === "messages") return tokenizer.messages(request.items);
  if (request.kind === "texts") return tokenizer.texts(request.items);
  return [tokenizer.tools(request.tools)];
}
