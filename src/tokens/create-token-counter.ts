import { CachedTokenCounter } from "./cached-counter.ts";
import { WorkerEncoder, type WorkerPort } from "./worker-encoder.ts";

/**
 * The page's token counter: counts in a same-origin module worker (a CSP's `worker-src 'self'`
 * allows it; no `blob:` worker), started when something is first counted. Where workers are
 * missing, or the worker fails, the counter keeps to its estimate, so a send never waits.
 */
export function createTokenCounter(): CachedTokenCounter {
  if (typeof Worker === "undefined") return new CachedTokenCounter(null);
  const spawn = (): WorkerPort =>
    new Worker(new URL("./token-worker.ts", import.meta.url), {
      type: "module",
      name: "parley-tokens",
    });
  return new CachedTokenCounter(new WorkerEncoder(spawn));
}
