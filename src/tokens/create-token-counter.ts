import { CachedTokenCounter } from "./cached-counter.ts";
import { WorkerEncoder, type WorkerPort } from "./worker-encoder.ts";

/** Where the build puts o200k_base's ranks as data (`rank-file.ts`), for `loadRanks` to fetch. */
export const TOKEN_RANKS_URL = new URL("./o200k-ranks.bin", import.meta.url);

/**
 * The page's token counter: counts in a same-origin module worker (a CSP's `worker-src 'self'`
 * allows it; no `blob:` worker), started when something is first counted, with the ranks that
 * `loadRanks` brings (the composition root fetches {@link TOKEN_RANKS_URL}). Where workers are
 * missing, or the worker fails, the counter keeps to its estimate, so a send never waits.
 */
export function createTokenCounter(loadRanks: () => Promise<ArrayBuffer>): CachedTokenCounter {
  if (typeof Worker === "undefined") return new CachedTokenCounter(null);
  const spawn = (): WorkerPort =>
    new Worker(new URL("./token-worker.ts", import.meta.url), {
      type: "module",
      name: "parley-tokens",
    });
  return new CachedTokenCounter(new WorkerEncoder(spawn, loadRanks));
}
