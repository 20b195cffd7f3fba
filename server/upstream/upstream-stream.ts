import { createParser, type EventSourceMessage } from "eventsource-parser";
import type { ProviderConfig, ProxyLimits } from "../config/types.ts";
import type { StreamEvent } from "../contract/provider.ts";
import { type ProxyError, proxyError } from "../errors.ts";
import { bodyChunksOf, readLimitedText } from "./body-chunks.ts";
import type { Normalizer } from "./normalize.ts";
import type { StopReason, UpstreamConnection } from "./upstream-connection.ts";

/**
 * The largest answer sent as one JSON body, or one SSE event, that the proxy reads (the
 * browser refuses events of 8 MB too); past it the answer ends with `upstream_too_large`.
 */
export const MAX_EVENT_BYTES = 8 * 1024 * 1024;

export function tooLarge(provider: ProviderConfig, what: string): ProxyError {
  return proxyError(
    "upstream_too_large",
    502,
    `The upstream "${provider.id}" sent ${what} larger than ${MAX_EVENT_BYTES / 1024 / 1024} MiB, more than the proxy reads. The part that arrived is kept; ask for a shorter answer, or check the upstream server.`,
    { provider: provider.id },
  );
}

function brokenError(
  reason: StopReason,
  error: unknown,
  provider: ProviderConfig,
  limits: ProxyLimits,
  redact: (text: string) => string,
): ProxyError {
  if (reason === "idle") {
    return proxyError(
      "upstream_timeout",
      504,
      `The upstream "${provider.id}" sent nothing for ${Math.round(limits.idleTimeoutMs / 1000)} s in the middle of the answer. The part that arrived is kept; try again.`,
      { provider: provider.id },
    );
  }
  if (reason === "duration") {
    return proxyError(
      "upstream_timeout",
      504,
      `The upstream "${provider.id}" was still answering after ${Math.round(limits.maxAnswerMs / 1000)} s, the longest answer the proxy allows (limits.maxAnswerMs). The part that arrived is kept; try again, or raise the limit.`,
      { provider: provider.id },
    );
  }
  return proxyError(
    "upstream_broken",
    502,
    `The connection to the upstream "${provider.id}" broke in the middle of the answer (${redact((error as Error).message)}). The part that arrived is kept; try again.`,
    { provider: provider.id },
  );
}

/**
 * Reads an upstream's answer and yields it normalised, in batches: everything that had arrived
 * when a batch was cut (one network read when the proxy keeps up, more when it falls behind),
 * so that each batch becomes one write to the client. The SSE parser is spec-compliant
 * (comments, CR, LF or CRLF) and a last event without its blank line is still delivered; a
 * server that answered with one JSON body is read as one event. Neither a JSON body nor one
 * event may pass `MAX_EVENT_BYTES`, so memory per answer stays bounded. A broken or silent upstream
 * ends the stream with an error event, a client that left ends it quietly, and the upstream
 * request is always released. One generator on purpose: every layer costs time per piece.
 */
export async function* upstreamStream(
  connection: UpstreamConnection,
  normalizer: Normalizer,
  provider: ProviderConfig,
  limits: ProxyLimits,
  redact: (text: string) => string,
): AsyncGenerator<StreamEvent[]> {
  const { response } = connection;
  let queue: EventSourceMessage[] = [];
  const drain = (out: StreamEvent[]): boolean => {
    for (const event of queue) {
      if (!normalizer.push(event, out)) {
        queue = [];
        normalizer.finish(out);
        return false;
      }
    }
    queue = [];
    return true;
  };
  const isJson = (response.headers.get("content-type") ?? "").includes("json");
  const chunks = isJson ? null : bodyChunksOf(response);
  try {
    if (!chunks) {
      const read = await readLimitedText(response, MAX_EVENT_BYTES, connection.touch);
      if (!read.ok) throw read.error;
      if (read.cut) {
        yield [{ type: "error", error: tooLarge(provider, "an answer") }];
        return;
      }
      queue.push({ event: undefined, id: undefined, data: read.text });
      const out: StreamEvent[] = [];
      if (drain(out)) normalizer.finish(out);
      if (out.length) yield out;
      return;
    }
    let overflow = false;
    const parser = createParser({
      onEvent: (event) => queue.push(event),
      onError: (error) => {
        if (error.type === "max-buffer-size-exceeded") overflow = true;
      },
      maxBufferSize: MAX_EVENT_BYTES,
    });
    const decoder = new TextDecoder();
    for (;;) {
      const batch = await chunks.read();
      const ended = batch.length === 0;
      if (ended) parser.feed(`${decoder.decode()}\n\n`);
      else {
        connection.touch();
        for (const chunk of batch) {
          parser.feed(decoder.decode(chunk, { stream: true }));
          if (overflow) break;
        }
      }
      if (overflow) {
        const out: StreamEvent[] = [];
        if (drain(out)) out.push({ type: "error", error: tooLarge(provider, "one event") });
        yield out;
        return;
      }
      const out: StreamEvent[] = [];
      const reading = drain(out);
      if (reading && ended) normalizer.finish(out);
      if (out.length) yield out;
      if (!reading || ended) return;
    }
  } catch (error) {
    const reason = connection.stopReason();
    if (reason === "client") return;
    yield [{ type: "error", error: brokenError(reason, error, provider, limits, redact) }];
  } finally {
    chunks?.cancel();
    connection.close();
  }
}
