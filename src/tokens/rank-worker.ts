/// <reference lib="webworker" />

import {
  answer,
  type TokenWorkerRequest,
  type TokenWorkerResponse,
} from "./token-worker-protocol.ts";
import { loadTokenizer, type Tokenizer } from "./tokenizer.ts";

/**
 * The worker that holds gpt-tokenizer and its ranks: it counts the pieces the token worker could
 * not (`piece-counter.ts`), and tool declarations, on the port the page hands it first.
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;
// The worker exists to count, so the tokenizer starts loading at once.
const tokenizer: Promise<Tokenizer> = loadTokenizer();

scope.onmessage = (event: MessageEvent<MessagePort>) => {
  const port = event.data;
  const post = (response: TokenWorkerResponse) => port.postMessage(response);
  port.onmessage = (message: MessageEvent<TokenWorkerRequest>) => {
    const request = message.data;
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
};
