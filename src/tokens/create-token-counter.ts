import { CachedTokenCounter } from "./cached-counter.ts";
import type {
  TokenWorkerRequest,
  TokenWorkerResponse,
  TokenWorkerSetup,
} from "./token-worker-protocol.ts";
import { WorkerEncoder, type WorkerPort } from "./worker-encoder.ts";

/**
 * The page's token counter: counts in two same-origin module workers (a CSP's `worker-src
 * 'self'` allows them; no `blob:` worker), started when something is first counted. The token
 * worker splits texts into pieces while the rank worker loads gpt-tokenizer, so the two halves
 * of a first count run on two cores (`piece-counter.ts`). Where workers are missing, or a worker
 * fails, the counter keeps to its estimate, so a send never waits.
 */
export function createTokenCounter(): CachedTokenCounter {
  if (typeof Worker === "undefined") return new CachedTokenCounter(null);
  return new CachedTokenCounter(new WorkerEncoder(spawnTokenWorkers));
}

function spawnTokenWorkers(): WorkerPort {
  const ranks = new Worker(new URL("./rank-worker.ts", import.meta.url), {
    type: "module",
    name: "parley-token-ranks",
  });
  const counter = new Worker(new URL("./token-worker.ts", import.meta.url), {
    type: "module",
    name: "parley-tokens",
  });
  const channel = new MessageChannel();
  ranks.postMessage(channel.port1, [channel.port1]);
  counter.postMessage({ ranks: channel.port2 } satisfies TokenWorkerSetup, [channel.port2]);
  return new WorkerPair(counter, ranks);
}

/** The two workers as the one port the encoder talks to: it fails when either fails. */
class WorkerPair implements WorkerPort {
  onmessage: ((event: MessageEvent<TokenWorkerResponse>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;

  constructor(
    private readonly counter: Worker,
    private readonly ranks: Worker,
  ) {
    counter.onmessage = (event: MessageEvent<TokenWorkerResponse>) => this.onmessage?.(event);
    counter.onerror = (event) => this.onerror?.(event);
    ranks.onerror = (event) => this.onerror?.(event);
  }

  postMessage(message: TokenWorkerRequest): void {
    this.counter.postMessage(message);
  }

  terminate(): void {
    this.counter.terminate();
    this.ranks.terminate();
  }
}
