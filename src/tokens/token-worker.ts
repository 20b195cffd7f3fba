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

/**
 * The worker exists to count, so the ranks start loading at once: o200k_base's ranks as data
 * (`rank-file.ts`), an asset of the build beside this script, fetched as bytes.
 */
async function load(): Promise<Tokenizer> {
  const response = await fetch(new URL("./o200k-ranks.bin", import.meta.url));
  if (!response.ok) throw new Error(`the token ranks did not load (${response.status})`);
  return pieceTokenizer(await response.arrayBuffer());
}
const tokenizer = load();

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
