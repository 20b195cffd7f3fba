import type { StreamEvent } from "../providers/provider.ts";

/** How a streamed answer ended, for the access log. */
export type StreamOutcome = "complete" | "incomplete" | "error" | "aborted";

export interface StreamEnd {
  outcome: StreamOutcome;
  errorType?: string;
}

const encoder = new TextEncoder();
const DONE = encoder.encode("data: [DONE]\n\n");

/** SSE headers that also keep reverse proxies (nginx) from buffering the stream. */
export const SSE_HEADERS = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-cache, no-transform",
  "x-accel-buffering": "no",
};

/**
 * Streams events as `data: {chunk}` frames, one write per batch. `[DONE]` follows only an answer that finished; a
 * failure is sent as `data: {"error":…}` and closes the stream without `[DONE]`.
 */
export function sseResponse(
  events: AsyncIterable<StreamEvent[]>,
  redact: (text: string) => string,
  onCancel: () => void,
  onEnd: (end: StreamEnd) => void,
): Response {
  const iterator = events[Symbol.asyncIterator]();
  let finished = false;
  let ended = false;
  const end = (result: StreamEnd) => {
    if (ended) return;
    ended = true;
    onEnd(result);
  };
  const fail = (controller: ReadableStreamDefaultController<Uint8Array>, error: unknown) => {
    const message = `The proxy failed while streaming the answer (${redact((error as Error).message)}). Try again.`;
    const frame = { error: { type: "proxy_error", message, status: 500 } };
    controller.enqueue(encoder.encode(`data: ${JSON.stringify(frame)}\n\n`));
    controller.close();
    end({ outcome: "error", errorType: "proxy_error" });
  };
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      for (;;) {
        let next: IteratorResult<StreamEvent[]>;
        try {
          next = await iterator.next();
        } catch (error) {
          fail(controller, error);
          return;
        }
        if (ended) return;
        if (next.done) {
          if (finished) controller.enqueue(DONE);
          controller.close();
          end({ outcome: finished ? "complete" : "incomplete" });
          return;
        }
        let text = "";
        for (const event of next.value) {
          if (event.type === "error") {
            const error = { ...event.error, message: redact(event.error.message) };
            controller.enqueue(encoder.encode(`${text}data: ${JSON.stringify({ error })}\n\n`));
            controller.close();
            end({ outcome: "error", errorType: event.error.type });
            void iterator.return?.();
            return;
          }
          for (const choice of event.chunk.choices) if (choice.finish_reason) finished = true;
          text += `data: ${JSON.stringify(event.chunk)}\n\n`;
        }
        if (text !== "") {
          controller.enqueue(encoder.encode(text));
          return;
        }
      }
    },
    cancel() {
      onCancel();
      end({ outcome: "aborted" });
      void iterator.return?.();
    },
  });
  return new Response(body, { headers: SSE_HEADERS });
}
