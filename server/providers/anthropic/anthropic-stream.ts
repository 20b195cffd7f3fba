import type { WireChunk, WireFinishReason } from "../../../src/core/wire.ts";
import type { StreamEvent } from "../../contract/provider.ts";
import { type ProxyError, proxyError } from "../../errors.ts";
import { contextLengthError, isContextLength } from "../../upstream/context-length.ts";
import { malformedData, type NormalizeOptions, type Normalizer } from "../../upstream/normalize.ts";

type Json = Record<string, unknown>;
type Delta = WireChunk["choices"][number]["delta"];

interface Block {
  kind: "text" | "tool" | "other";
  id: string;
  name: string;
  json: string;
  initial: unknown;
  closed: boolean;
}

const obj = (value: unknown): Json =>
  value !== null && typeof value === "object" ? (value as Json) : {};
const num = (value: unknown): number =>
  typeof value === "number" && Number.isFinite(value) ? value : 0;

const STOP: Record<string, WireFinishReason> = {
  end_turn: "stop",
  stop_sequence: "stop",
  pause_turn: "stop",
  max_tokens: "length",
  model_context_window_exceeded: "length",
  tool_use: "tool_calls",
  refusal: "content_filter",
};

function streamError(options: NormalizeOptions, data: Json): ProxyError {
  const { provider, redact } = options;
  const error = obj(data.error);
  const type = typeof error.type === "string" ? redact(error.type).slice(0, 100) : "error";
  const message = typeof error.message === "string" ? redact(error.message).slice(0, 500) : type;
  if (isContextLength(400, { message, type })) return contextLengthError(400, message, provider);
  if (type === "overloaded_error") {
    return proxyError(
      "upstream_overloaded",
      503,
      `The upstream "${provider}" is overloaded (${message}). The part that arrived is kept; try again in a moment.`,
      { provider, code: type },
    );
  }
  return proxyError(
    "upstream_stream_error",
    502,
    `The upstream "${provider}" reported an error in the middle of the answer (${type}: ${message}). The part that arrived is kept; try again.`,
    { provider, code: type },
  );
}

/**
 * Translates Anthropic's stream into standard chunks: text and thinking deltas, tool calls
 * (sent whole when their block closes, so a call cut off by `max_tokens` is never sent and is
 * reported instead), `ping`s skipped, usage from `message_start` and `message_delta`, and
 * `error` events (529 overloaded included).
 */
export function anthropicNormalizer(options: NormalizeOptions): Normalizer {
  let id = "";
  const created = Math.floor(options.now() / 1000);
  let promptTokens = 0;
  let completionTokens = 0;
  let stopReason = "";
  let tools = 0;
  let over = false;
  const blocks = new Map<number, Block>();
  const chunk = (
    delta: Delta | null,
    finish: WireFinishReason | null = null,
    usage?: WireChunk["usage"],
  ): StreamEvent => {
    id ||= options.newId("chatcmpl-");
    const c: WireChunk = {
      id,
      object: "chat.completion.chunk",
      created,
      model: options.publicModel,
      choices: delta ? [{ index: 0, delta, finish_reason: finish }] : [],
    };
    if (usage) c.usage = usage;
    return { type: "chunk", chunk: c };
  };
  const stop = (out: StreamEvent[], error: ProxyError): false => {
    out.push({ type: "error", error });
    over = true;
    return false;
  };
  const promptOf = (usage: Json) =>
    num(usage.input_tokens) +
    num(usage.cache_creation_input_tokens) +
    num(usage.cache_read_input_tokens);

  return {
    push(event, out) {
      let data: Json;
      try {
        data = obj(JSON.parse(event.data));
      } catch {
        return stop(out, malformedData(options.provider));
      }
      const type = typeof data.type === "string" ? data.type : event.event;
      switch (type) {
        case "message_start": {
          const message = obj(data.message);
          if (typeof message.id === "string") id = `chatcmpl-${options.redact(message.id)}`;
          const usage = obj(message.usage);
          promptTokens = promptOf(usage);
          completionTokens = num(usage.output_tokens);
          out.push(chunk({ role: "assistant", content: "" }));
          return true;
        }
        case "content_block_start": {
          const block = obj(data.content_block);
          const kind =
            block.type === "text" ? "text" : block.type === "tool_use" ? "tool" : "other";
          blocks.set(num(data.index), {
            kind,
            id: typeof block.id === "string" ? options.redact(block.id) : options.newId("toolu_"),
            name: typeof block.name === "string" ? options.redact(block.name) : "",
            json: "",
            initial: block.input,
            closed: false,
          });
          if (kind === "text" && typeof block.text === "string" && block.text !== "")
            out.push(chunk({ content: block.text }));
          return true;
        }
        case "content_block_delta": {
          const delta = obj(data.delta);
          const block = blocks.get(num(data.index));
          if (delta.type === "text_delta" && typeof delta.text === "string")
            out.push(chunk({ content: delta.text }));
          else if (delta.type === "thinking_delta" && typeof delta.thinking === "string")
            out.push(chunk({ reasoning_content: delta.thinking }));
          else if (
            delta.type === "input_json_delta" &&
            block &&
            typeof delta.partial_json === "string"
          )
            block.json += delta.partial_json;
          return true;
        }
        case "content_block_stop": {
          const block = blocks.get(num(data.index));
          if (block?.kind !== "tool") return true;
          block.closed = true;
          const initial = obj(block.initial);
          const args = block.json.trim() === "" ? JSON.stringify(initial) : block.json;
          try {
            JSON.parse(args);
          } catch {
            return stop(
              out,
              proxyError(
                "tool_call_truncated",
                502,
                `The model's call to ${block.name} has arguments that are not complete JSON, so it was not run. Try again.`,
                { provider: options.provider },
              ),
            );
          }
          out.push(
            chunk({
              tool_calls: [
                {
                  index: tools,
                  id: block.id,
                  type: "function",
                  function: { name: block.name, arguments: args },
                },
              ],
            }),
          );
          tools += 1;
          return true;
        }
        case "message_delta": {
          const delta = obj(data.delta);
          if (typeof delta.stop_reason === "string") stopReason = delta.stop_reason;
          const usage = obj(data.usage);
          if (typeof usage.output_tokens === "number") completionTokens = usage.output_tokens;
          if (typeof usage.input_tokens === "number") promptTokens = promptOf(usage);
          return true;
        }
        case "message_stop": {
          const open = [...blocks.values()].find((b) => b.kind === "tool" && !b.closed);
          if (open) {
            const why = stopReason === "max_tokens" ? "ran out of tokens (max_tokens)" : "stopped";
            return stop(
              out,
              proxyError(
                "tool_call_truncated",
                502,
                `The model ${why} while writing a call to ${open.name}, so the call was not run. Raise max_tokens or ask for something shorter.`,
                { provider: options.provider },
              ),
            );
          }
          out.push(chunk({}, STOP[stopReason] ?? (tools > 0 ? "tool_calls" : "stop")));
          out.push(
            chunk(null, null, {
              prompt_tokens: promptTokens,
              completion_tokens: completionTokens,
              total_tokens: promptTokens + completionTokens,
            }),
          );
          over = true;
          return false;
        }
        case "error":
          return stop(out, streamError(options, data));
        default:
          return true;
      }
    },

    finish(out) {
      if (over) return;
      stop(
        out,
        proxyError(
          "incomplete_response",
          502,
          `The upstream "${options.provider}" stopped before the answer finished (no message_stop). The part that arrived is kept; try again.`,
          { provider: options.provider },
        ),
      );
    },
  };
}
