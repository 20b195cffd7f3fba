/// <reference lib="webworker" />

import {
  answer,
  type TokenWorkerRequest,
  type TokenWorkerResponse,
} from "./token-worker-protocol.ts";
import { loadTokenizer, type Tokenizer } from "./tokenizer.ts";

const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (response: TokenWorkerResponse) => scope.postMessage(response);
// The worker exists to count, so the tokenizer starts loading at once.
const tokenizer: Promise<Tokenizer> = loadTokenizer();

scope.onmessage = (event: MessageEvent<TokenWorkerRequest>) => {
  const request = event.data;
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
