import type { EventSourceMessage } from "eventsource-parser";
import type { StreamEvent } from "../contract/provider.ts";
import { type ProxyError, proxyError } from "../errors.ts";

/** What a normaliser needs to know about the request. */
export interface NormalizeOptions {
  publicModel: string;
  provider: string;
  now: () => number;
  newId: (prefix: string) => string;
  /** Masks secrets in what the upstream sends besides the model's text (errors, ids, names). */
  redact: (text: string) => string;
}

/**
 * Turns one upstream dialect into standard chunks, one event at a time. `push` appends what an
 * event gives to `out` and returns false to stop reading; `finish` runs once at the end.
 */
export interface Normalizer {
  push(event: EventSourceMessage, out: StreamEvent[]): boolean;
  finish(out: StreamEvent[]): void;
}

/** The error that ends a stream when an event's data is not JSON; what arrived before is kept. */
export function malformedData(provider: string): ProxyError {
  return proxyError(
    "upstream_malformed",
    502,
    `The upstream "${provider}" sent data that is not JSON in the middle of the answer. The part that arrived is kept; try again.`,
    { provider },
  );
}
