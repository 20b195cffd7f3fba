import type { StreamEvent } from "../contract/provider.ts";
import { type SseFrames, type StreamEnd, sseFrames } from "./sse-frames.ts";

export type { StreamEnd, StreamOutcome } from "./sse-frames.ts";

/** SSE headers that also keep reverse proxies (nginx) from buffering the stream. */
export const SSE_HEADERS = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-cache, no-transform",
  "x-accel-buffering": "no",
};

/**
 * A streamed answer's `Response` also carries its frames as text under this key, so that a host
 * that can write text itself (the Node entry) skips the web stream. Whoever takes them owns the
 * answer; `response.body` must then be left alone (it reads the same frames).
 */
export const SSE_FRAMES: unique symbol = Symbol.for("parley.sse-frames");

const encoder = new TextEncoder();

type Marked<T> = T & { [SSE_FRAMES]?: SseFrames };

/**
 * The frames of a response made by `sseResponse`, or null for any other response. They are
 * found on its body too, for when middleware (CORS) has rebuilt the response around that body.
 */
export function sseFramesOf(response: Response): SseFrames | null {
  const own = (response as Marked<Response>)[SSE_FRAMES];
  if (own) return own;
  if (!response.headers.get("content-type")?.startsWith("text/event-stream")) return null;
  return (response.body as Marked<ReadableStream> | null)?.[SSE_FRAMES] ?? null;
}

/**
 * Streams events as `data: {chunk}` frames, one write per batch (see `sseFrames`). The body
 * reads nothing until it is read (`highWaterMark: 0`).
 */
export function sseResponse(
  events: AsyncIterable<StreamEvent[]>,
  redact: (text: string) => string,
  onCancel: () => void,
  onEnd: (end: StreamEnd) => void,
): Response {
  const frames = sseFrames(events, redact, onCancel, onEnd);
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const text = await frames.next();
        if (text === null) controller.close();
        else controller.enqueue(encoder.encode(text));
      },
      cancel() {
        frames.cancel();
      },
    },
    { highWaterMark: 0 },
  );
  Object.defineProperty(body, SSE_FRAMES, { value: frames });
  const response = new Response(body, { headers: SSE_HEADERS });
  Object.defineProperty(response, SSE_FRAMES, { value: frames });
  return response;
}
