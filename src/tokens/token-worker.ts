/// <reference lib="webworker" />

import { PieceCounter } from "./piece-counter.ts";
import { RankPort } from "./rank-port.ts";
import type {
  TokenWorkerRequest,
  TokenWorkerResponse,
  TokenWorkerSetup,
} from "./token-worker-protocol.ts";

/**
 * The page's token worker: splits texts into o200k_base's pieces and sums what it knows of them,
 * while the rank worker, started beside it, loads gpt-tokenizer (`piece-counter.ts` says why).
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (response: TokenWorkerResponse) => scope.postMessage(response);
const ranks = new RankPort();
const pieces = new PieceCounter((texts) => ranks.ask({ kind: "texts", items: texts }));

function count(request: TokenWorkerRequest): Promise<number[]> {
  if (request.kind === "messages") return pieces.messages(request.items);
  if (request.kind === "texts") return pieces.texts(request.items);
  return ranks.ask({ kind: "tools", tools: request.tools });
}

scope.onmessage = (event: MessageEvent<TokenWorkerRequest | TokenWorkerSetup>) => {
  const data = event.data;
  if ("ranks" in data) return ranks.attach(data.ranks);
  count(data)
    .then((tokens) => post({ id: data.id, ok: true, tokens }))
    .catch((error: unknown) =>
      post({
        id: data.id,
        ok: false,
        message: error instanceof Error ? error.message : String(error),
      }),
    );
};
