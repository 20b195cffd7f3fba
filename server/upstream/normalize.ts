import type { EventSourceMessage } from "eventsource-parser";
import type { StreamEvent } from "../providers/provider.ts";

/** What a normaliser needs to know about the request. */
export interface NormalizeOptions {
  publicModel: string;
  provider: string;
  now: () => number;
  newId: (prefix: string) => string;
}

/**
 * Turns one upstream dialect into standard chunks, one event at a time. `push` appends what an
 * event gives to `out` and returns false to stop reading; `finish` runs once at the end.
 */
export interface Normalizer {
  push(event: EventSourceMessage, out: StreamEvent[]): boolean;
  finish(out: StreamEvent[]): void;
}

/**
 * Runs a normaliser over batches of upstream events (one batch per network read) and yields one
 * batch of chunks per read, so a read becomes one write to the client.
 */
export async function* normalizeBatches(
  batches: AsyncIterable<EventSourceMessage[]>,
  normalizer: Normalizer,
): AsyncGenerator<StreamEvent[]> {
  for await (const batch of batches) {
    const out: StreamEvent[] = [];
    let reading = true;
    for (const event of batch) {
      reading = normalizer.push(event, out);
      if (!reading) break;
    }
    if (!reading) {
      normalizer.finish(out);
      if (out.length) yield out;
      return;
    }
    if (out.length) yield out;
  }
  const out: StreamEvent[] = [];
  normalizer.finish(out);
  if (out.length) yield out;
}
