import { readFileSync } from "node:fs";
import { join } from "node:path";

/** A request a {@link FakeFetch} received. */
export interface RecordedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  signal: AbortSignal | undefined;
}

export type FakeFetch = typeof fetch & { requests: RecordedRequest[] };

/** A `fetch` that answers every call with `respond` and records what it was asked. */
export function fakeFetch(
  respond: (request: RecordedRequest) => Response | Promise<Response>,
): FakeFetch {
  const requests: RecordedRequest[] = [];
  const fn = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => {
      headers[key] = value;
    });
    const request: RecordedRequest = {
      url: String(input),
      method: init.method ?? "GET",
      headers,
      body: typeof init.body === "string" ? JSON.parse(init.body) : undefined,
      signal: init.signal ?? undefined,
    };
    requests.push(request);
    if (init.signal?.aborted) throw new DOMException("The operation was aborted.", "AbortError");
    return respond(request);
  };
  return Object.assign(fn, { requests }) as FakeFetch;
}

/**
 * A streamed body cut into pieces of `pieceBytes` bytes (or at the given byte offsets), so
 * events, lines and UTF-8 characters arrive split.
 */
export function byteStream(
  text: string,
  split: number | readonly number[] = Number.POSITIVE_INFINITY,
): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  const cuts: number[] = [];
  if (typeof split === "number") for (let at = split; at < bytes.length; at += split) cuts.push(at);
  else cuts.push(...split.filter((at) => at > 0 && at < bytes.length));
  const bounds = [0, ...cuts, bytes.length];
  const pieces = bounds.slice(1).map((end, i) => bytes.slice(bounds[i], end));
  return new ReadableStream({
    pull(controller) {
      const piece = pieces.shift();
      if (piece) controller.enqueue(piece);
      else controller.close();
    },
  });
}

/** An SSE response with `body` streamed in pieces (see {@link byteStream}). */
export function sseResponse(
  body: string,
  split?: number | readonly number[],
  init: ResponseInit = {},
): Response {
  return new Response(byteStream(body, split), {
    status: 200,
    headers: { "content-type": "text/event-stream; charset=utf-8" },
    ...init,
  });
}

/** A JSON response. */
export function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    ...init,
    headers: { "content-type": "application/json", ...(init.headers as Record<string, string>) },
  });
}

/** `fixtures/` at the repository root, for tests that replay recordings. */
export const FIXTURES = join(import.meta.dirname, "..", "..", "fixtures");

/** A recorded stream as an SSE body: `.sse` files as they are, `.chunks.txt` wrapped line by line. */
export function fixtureAsSse(relativePath: string): string {
  const raw = readFileSync(join(FIXTURES, relativePath), "utf8");
  if (!relativePath.endsWith(".chunks.txt")) return raw;
  return `${raw
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => `data: ${line}\n\n`)
    .join("")}data: [DONE]\n\n`;
}

/** SSE frames for these payloads, with or without the closing `[DONE]`. */
export function sseOf(payloads: readonly unknown[], done = true): string {
  return `${payloads.map((p) => `data: ${JSON.stringify(p)}\n\n`).join("")}${done ? "data: [DONE]\n\n" : ""}`;
}
