import { createParser } from "eventsource-parser";
import type { WireChunk } from "../../src/core/wire.ts";
import type { ProxyError } from "../errors.ts";

/** A streamed answer as a test sees it. */
export interface ReadStream {
  chunks: WireChunk[];
  done: boolean;
  error: ProxyError | null;
  text: string;
  raw: string;
}

/** Parses an SSE body the way a spec-compliant client does. */
export function parseSse(raw: string): ReadStream {
  const out: ReadStream = { chunks: [], done: false, error: null, text: "", raw };
  const parser = createParser({
    onEvent(event) {
      if (event.data === "[DONE]") {
        out.done = true;
        return;
      }
      const value = JSON.parse(event.data) as WireChunk | { error: ProxyError };
      if ("error" in value) out.error = value.error;
      else {
        out.chunks.push(value);
        for (const choice of value.choices) out.text += choice.delta.content ?? "";
      }
    },
  });
  parser.feed(raw);
  return out;
}

export async function readSse(response: Response): Promise<ReadStream> {
  return parseSse(await response.text());
}

/** The tool calls of a stream, reassembled from their deltas. */
export function toolCallsOf(
  stream: ReadStream,
): Array<{ id: string; name: string; arguments: string }> {
  const calls: Array<{ id: string; name: string; arguments: string }> = [];
  for (const chunk of stream.chunks) {
    for (const delta of chunk.choices[0]?.delta.tool_calls ?? []) {
      const call = calls[delta.index] ?? { id: "", name: "", arguments: "" };
      calls[delta.index] = call;
      if (delta.id) call.id = delta.id;
      if (delta.function?.name) call.name += delta.function.name;
      if (delta.function?.arguments) call.arguments += delta.function.arguments;
    }
  }
  return calls;
}

export function finishOf(stream: ReadStream): string | null {
  for (const chunk of stream.chunks)
    for (const c of chunk.choices) if (c.finish_reason) return c.finish_reason;
  return null;
}
