import { createParser, type EventSourceMessage } from "eventsource-parser";

/** Thrown when the upstream went silent for longer than the idle timeout. */
export class IdleTimeout extends Error {
  override name = "IdleTimeout";
}

/**
 * Reads an upstream SSE body into batches of events (one batch per network read) with a spec-compliant parser (comments, CR/LF/CRLF).
 * A last event that is not followed by a blank line is still delivered. `onActivity` is called on
 * every received piece so that an idle watchdog can tell a slow stream from a dead one.
 */
export async function* upstreamEvents(
  body: ReadableStream<Uint8Array>,
  onActivity: () => void,
): AsyncGenerator<EventSourceMessage[]> {
  let queue: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (event) => queue.push(event) });
  const decoder = new TextDecoder();
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      onActivity();
      parser.feed(decoder.decode(value, { stream: true }));
      if (queue.length) {
        const batch = queue;
        queue = [];
        yield batch;
      }
    }
    parser.feed(`${decoder.decode()}\n\n`);
    if (queue.length) yield queue;
  } finally {
    reader.cancel().catch(() => {});
  }
}
