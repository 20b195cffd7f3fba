import { createParser, type EventSourceMessage } from "eventsource-parser";
import type { SamplingParams } from "../core/conversation-settings.ts";
import type { ModelClient, ModelError, ModelEvent, ModelRequest } from "../core/model.ts";
import type { WireChatRequest } from "../core/wire.ts";
import { ChunkAssembler } from "./chunk-assembler.ts";
import { isRecord } from "./is-record.ts";
import { type ProxyConfig, proxyHeaders, proxyUrl } from "./proxy-config.ts";
import { errorFromResponse } from "./proxy-error.ts";

/** Largest SSE event the client buffers, in characters; a bigger one is a protocol error. */
const MAX_EVENT_SIZE = 8_000_000;

/**
 * The model client of the browser: posts a streamed chat completion to the proxy and turns the
 * SSE answer into model events. Never throws; every failure is an `error` event that ends the
 * stream: `http` (error status or an error inside the stream), `network` (unreachable, or the
 * connection dropped), `aborted` (the request's signal), `protocol` (not SSE of JSON chunks).
 */
export function createHttpModelClient(config: ProxyConfig): ModelClient {
  return { stream: (request) => streamCompletion(request, config) };
}

async function* streamCompletion(
  request: ModelRequest,
  options: ProxyConfig,
): AsyncGenerator<ModelEvent> {
  const { signal } = request;
  const body: WireChatRequest = {
    model: request.model,
    messages: request.messages,
    ...(request.tools && request.tools.length > 0 ? { tools: request.tools } : {}),
    ...wireParams(request.params),
    stream: true,
    stream_options: { include_usage: true },
  };
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  let response: Response;
  try {
    response = await doFetch(proxyUrl(options.baseUrl, "/v1/chat/completions"), {
      method: "POST",
      headers: proxyHeaders(options.getAccessToken, {
        "content-type": "application/json",
        accept: "text/event-stream",
      }),
      body: JSON.stringify(body),
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    yield failure(signal, error, "unreachable");
    return;
  }
  if (!response.ok) {
    yield { type: "error", error: await errorFromResponse(response) };
    return;
  }
  const contentType = response.headers.get("content-type") ?? "";
  if (contentType.includes("application/json")) {
    yield* readCompletion(response, signal);
    return;
  }
  if (!response.body) {
    yield badResponse();
    return;
  }
  yield* readEventStream(response.body, signal);
}

async function* readEventStream(
  body: ReadableStream<Uint8Array>,
  signal: AbortSignal | undefined,
): AsyncGenerator<ModelEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const events: EventSourceMessage[] = [];
  let tooLarge = false;
  const parser = createParser({
    onEvent: (event) => events.push(event),
    onError: (error) => {
      if (error.type === "max-buffer-size-exceeded") tooLarge = true;
    },
    maxBufferSize: MAX_EVENT_SIZE,
  });
  const assembler = new ChunkAssembler();
  const cancel = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener("abort", cancel);
  let finished = false;
  let drained = false;
  let sawDone = false;
  try {
    while (!finished) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (error) {
        yield failure(signal, error, "connection_lost");
        return;
      }
      if (signal?.aborted) {
        yield failure(signal, undefined, "connection_lost");
        return;
      }
      if (chunk.done) {
        parser.feed(decoder.decode());
        parser.reset({ consume: true });
        finished = true;
        drained = true;
      } else {
        parser.feed(decoder.decode(chunk.value, { stream: true }));
      }
      if (tooLarge) {
        yield badResponse();
        return;
      }
      for (const event of events.splice(0)) {
        const data = event.data.trim();
        if (data === "") continue;
        if (data === "[DONE]") {
          finished = true;
          sawDone = true;
          break;
        }
        let payload: unknown;
        try {
          payload = JSON.parse(data);
        } catch (error) {
          yield badResponse(error);
          return;
        }
        for (const out of assembler.push(payload)) {
          yield out;
          if (out.type === "error") return;
        }
      }
    }
    yield* assembler.end(sawDone);
  } finally {
    signal?.removeEventListener("abort", cancel);
    if (!drained) cancel();
  }
}

async function* readCompletion(
  response: Response,
  signal: AbortSignal | undefined,
): AsyncGenerator<ModelEvent> {
  let payload: unknown;
  try {
    payload = await response.json();
  } catch (error) {
    yield isAbort(signal, error) ? failure(signal, error, "connection_lost") : badResponse(error);
    return;
  }
  if (isRecord(payload) && Array.isArray(payload.choices))
    payload.choices = payload.choices.map((choice) =>
      isRecord(choice) && isRecord(choice.message) ? withIndexedCalls(choice) : choice,
    );
  const assembler = new ChunkAssembler();
  for (const out of assembler.push(payload)) {
    yield out;
    if (out.type === "error") return;
  }
  yield* assembler.end();
}

function withIndexedCalls(choice: Record<string, unknown>): Record<string, unknown> {
  const message = choice.message as Record<string, unknown>;
  const calls = Array.isArray(message.tool_calls) ? message.tool_calls : [];
  return {
    ...choice,
    message: {
      ...message,
      tool_calls: calls.map((call, index) => (isRecord(call) ? { ...call, index } : call)),
    },
  };
}

function isAbort(signal: AbortSignal | undefined, error: unknown): boolean {
  return signal?.aborted === true || (error instanceof Error && error.name === "AbortError");
}

function failure(
  signal: AbortSignal | undefined,
  error: unknown,
  code: "unreachable" | "connection_lost",
): ModelEvent {
  if (isAbort(signal, error)) return { type: "error", error: { code: "aborted" } };
  const modelError: ModelError = { code };
  const said = error instanceof Error ? error.message : "";
  if (said !== "") modelError.detail = said;
  return { type: "error", error: modelError };
}

/** An answer that cannot be read; the detail is the browser's own words, when it had some. */
function badResponse(error?: unknown): ModelEvent {
  const modelError: ModelError = { code: "bad_response" };
  if (error instanceof Error && error.message !== "") modelError.detail = error.message;
  return { type: "error", error: modelError };
}

/** The request's parameters under their wire names; absent ones are not sent. */
function wireParams(params: SamplingParams | undefined): Partial<WireChatRequest> {
  if (!params) return {};
  return {
    ...(params.temperature !== undefined ? { temperature: params.temperature } : {}),
    ...(params.topP !== undefined ? { top_p: params.topP } : {}),
    ...(params.maxTokens !== undefined ? { max_tokens: params.maxTokens } : {}),
    ...(params.reasoningEffort !== undefined ? { reasoning_effort: params.reasoningEffort } : {}),
  };
}
