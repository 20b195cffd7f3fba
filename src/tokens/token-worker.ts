/// <reference lib="webworker" />

import { pieceTokenizer } from "./piece-counter.ts";
import {
  answer,
  type TokenWorkerRequest,
  type TokenWorkerResponse,
} from "./token-worker-protocol.ts";
import type { Tokenizer } from "./tokenizer.ts";

const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (response: TokenWorkerResponse) => scope.postMessage(response);

let received: (ranks: ArrayBuffer) => void = () => {};
/** The tokenizer, once the page has sent o200k_base's ranks as data (`rank-file.ts`). */
const tokenizer: Promise<Tokenizer> = new Promise<ArrayBuffer>((resolve) => {
  received = resolve;
}).then(pieceTokenizer);

scope.onmessage = (event: MessageEvent<TokenWorkerRequest>) => {
  const request = event.data;
  if (request.kind === "ranks") return received(request.ranks);
  tokenizer
    .then((loaded) => post({ id: request.id, ok: true, tokens: answer(loaded, request) }))
    .catch((error: unknown) =>
      post({
        id: request.id,
        ok: false,
        message: error instanceof Error ? error.message : String(error),
      }),
    );
};
