import type { ModelErrorCode } from "./answer-error.ts";
import type { SamplingParams } from "./conversation-settings.ts";
import type { AnswerNote, ToolCall, Usage } from "./message.ts";
import type { WireMessage, WireNote, WireTool } from "./wire.ts";

export interface ModelRequest {
  model: string;
  messages: WireMessage[];
  tools?: WireTool[];
  /** Sent as `temperature`, `top_p`, `max_tokens`, `reasoning_effort`; absent ones are not sent. */
  params?: SamplingParams;
  signal?: AbortSignal;
}

/** Why a model stream ended. `incomplete`: the stream stopped without a finish reason. */
export type FinishReason = "stop" | "length" | "tool_calls" | "content_filter" | "incomplete";

/**
 * A failed model call: a code with its facts (see `MODEL_ERROR_CODES`), never a sentence.
 * `detail` holds only what the proxy, the provider or the browser said, verbatim.
 */
export interface ModelError {
  code: ModelErrorCode;
  status?: number;
  /** The provider's error type, as it sent it. */
  type?: string;
  provider?: string;
  /** Seconds to wait before retrying, when the server said so. */
  retryAfter?: number;
  detail?: string;
}

/**
 * What a model stream yields. Tool calls arrive whole, once their arguments are complete.
 * Errors are values: a stream never throws, it yields `error` and ends.
 */
export type ModelEvent =
  | { type: "text"; delta: string }
  | { type: "reasoning"; delta: string }
  | { type: "tool_call"; call: ToolCall }
  | { type: "usage"; usage: Usage }
  /** What the proxy did to the request's parameters (left one out, sent another value). */
  | { type: "param_notes"; notes: WireNote[] }
  | { type: "finish"; reason: FinishReason; note?: AnswerNote }
  | { type: "error"; error: ModelError };

/** A streamed chat completion. Implemented by `src/net` over HTTP and by scripted fakes in tests. */
export interface ModelClient {
  stream(request: ModelRequest): AsyncIterable<ModelEvent>;
}
