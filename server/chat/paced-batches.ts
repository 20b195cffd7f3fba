import type { StreamEvent } from "../contract/provider.ts";

/**
 * How often a streamed answer is written to the client at most, after its first batch, in ms.
 * Each write is a network chunk the browser handles as a task of its own on the page's main
 * thread (about 0.05 ms each, even when a worker reads the stream), and a model writing 100
 * tokens a second sends 100 of them; the page shows text about every 100 ms anyway (its stream
 * worker hands text over at that pace too), so joining what arrives within 100 ms costs the
 * reader nothing it could see. At 50 ms each write still cost the page one and a half tasks for
 * every reveal it made. Measured in docs/performance.md ("Streaming").
 */
export const PACE_MS = 100;

export interface PaceClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const nodeClock: PaceClock = {
  now: () => performance.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

const DEADLINE = Symbol("deadline");

/**
 * Batches of events joined so that at most one goes out every `intervalMs`: the first at once
 * (the time to the first byte does not change), then what arrived meanwhile when the interval
 * has passed. An error and the end of the stream go out at once with what waits before them, so
 * the answer's last byte is not held back either. Leaving early (the client went) stops the
 * source.
 */
export async function* pacedBatches(
  source: AsyncIterable<StreamEvent[]>,
  intervalMs = PACE_MS,
  clock: PaceClock = nodeClock,
): AsyncGenerator<StreamEvent[]> {
  const iterator = source[Symbol.asyncIterator]();
  let sentAt = Number.NEGATIVE_INFINITY;
  let waiting: StreamEvent[] = [];
  let pending: Promise<IteratorResult<StreamEvent[]>> | null = null;
  try {
    for (;;) {
      const wait = sentAt + intervalMs - clock.now();
      if (waiting.length > 0 && wait <= 0) {
        const out = waiting;
        waiting = [];
        sentAt = clock.now();
        yield out;
        continue;
      }
      pending ??= iterator.next();
      let timer: unknown;
      const next =
        waiting.length === 0
          ? await pending
          : await Promise.race([
              pending,
              new Promise<typeof DEADLINE>((resolve) => {
                timer = clock.setTimeout(() => resolve(DEADLINE), wait);
              }),
            ]);
      if (timer !== undefined) clock.clearTimeout(timer);
      if (next === DEADLINE) continue;
      pending = null;
      if (next.done) break;
      waiting.push(...next.value);
      if (next.value.some((event) => event.type === "error")) sentAt = Number.NEGATIVE_INFINITY;
    }
    if (waiting.length > 0) yield waiting;
  } finally {
    await iterator.return?.();
  }
}
