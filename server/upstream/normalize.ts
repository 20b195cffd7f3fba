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
