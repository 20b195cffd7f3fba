import type { WireChunk } from "../../src/core/wire.ts";
import type { StreamEvent } from "../contract/provider.ts";
import { proxyError } from "../errors.ts";
import { scrubError } from "../upstream/redact.ts";

/** How a streamed answer ended, for the access log. */
export type StreamOutcome = "complete" | "incomplete" | "error" | "aborted";

export interface StreamEnd {
  outcome: StreamOutcome;
  errorType?: string;
}

/** A streamed answer as text: batches of `data:` frames, each batch meant for one write. */
export interface SseFrames {
  /** The next batch of frames, or null once the stream is over. Never rejects. */
  next(): Promise<string | null>;
  /** The client left: stops the answer (and its upstream request). */
  cancel(): void;
}

const DONE = "data: [DONE]\n\n";

/**
 * The JSON of a chunk, as `JSON.stringify` writes it, with the part that stays the same for a
 * whole answer (id, created, model) serialised once.
 */
function chunkSerializer(): (chunk: WireChunk, choicesJson?: string) => string {
  let id = "";
  let created = Number.NaN;
  let model = "";
  let head = "";
  return (chunk, choicesJson) => {
    if (chunk.id !== id || chunk.created !== created || chunk.model !== model || head === "") {
      ({ id, created, model } = chunk);
      head = `{"id":${JSON.stringify(id)},"object":"chat.completion.chunk","created":${JSON.stringify(created)},"model":${JSON.stringify(model)},"choices":`;
    }
    const choices = choicesJson ?? JSON.stringify(chunk.choices);
    return chunk.usage === undefined
      ? `${head}${choices}}`
      : `${head}${choices},"usage":${JSON.stringify(chunk.usage)}}`;
  };
}

/**
 * Turns batches of events into batches of SSE frames. `[DONE]` follows only an answer that
 * finished; a failure is sent as `data: {"error":…}`, every string of it scrubbed of secrets,
 * and ends the stream without `[DONE]`.
 * `onEnd` runs once, however the stream ends (the client leaving included).
 */
export function sseFrames(
  events: AsyncIterable<StreamEvent[]>,
  redact: (text: string) => string,
  onCancel: () => void,
  onEnd: (end: StreamEnd) => void,
): SseFrames {
  const iterator = events[Symbol.asyncIterator]();
  const serialize = chunkSerializer();
  let finished = false;
  let ended = false;
  const end = (result: StreamEnd) => {
    if (ended) return;
    ended = true;
    onEnd(result);
  };
  return {
    async next() {
      while (!ended) {
        let next: IteratorResult<StreamEvent[]>;
        try {
          next = await iterator.next();
        } catch (error) {
          if (ended) return null;
          const message = `The proxy failed while streaming the answer (${redact((error as Error).message)}). Try again.`;
          end({ outcome: "error", errorType: "proxy_error" });
          return `data: ${JSON.stringify({ error: proxyError("proxy_error", 500, message) })}\n\n`;
        }
        if (ended) return null;
        if (next.done) {
          end({ outcome: finished ? "complete" : "incomplete" });
          return finished ? DONE : null;
        }
        let text = "";
        for (const event of next.value) {
          if (event.type === "error") {
            const error = scrubError(event.error, redact);
            end({ outcome: "error", errorType: event.error.type });
            void iterator.return?.();
            return `${text}data: ${JSON.stringify({ error })}\n\n`;
          }
          for (const choice of event.chunk.choices) if (choice.finish_reason) finished = true;
          text += `data: ${serialize(event.chunk, event.choicesJson)}\n\n`;
        }
        if (text !== "") return text;
      }
      return null;
    },
    cancel() {
      if (ended) return;
      onCancel();
      end({ outcome: "aborted" });
      void iterator.return?.();
    },
  };
}
