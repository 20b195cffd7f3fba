import type { WireChunk, WireNote } from "../../src/core/wire.ts";
import type { ProviderConfig, ProxyLimits } from "../config/types.ts";
import type { ProxyError } from "../errors.ts";
import type { ChatRequest } from "./chat-request.ts";
import type { ModelInfo } from "./model-info.ts";

/**
 * One piece of a normalised answer: a standard OpenAI chunk, or a failure after the stream began.
 * `choicesJson`, when a normaliser has it, is `chunk.choices` already as JSON (equal once parsed),
 * so that it is not serialised again.
 */
export type StreamEvent =
  | { type: "chunk"; chunk: WireChunk; choicesJson?: string }
  | { type: "error"; error: ProxyError };

/**
 * What a provider answers: batches of events (what arrived together is sent to the client in one
 * write) and what it did to the request's parameters (`notes`, told on the answer), or a failure
 * before anything was sent.
 */
export type ChatOutcome =
  | { ok: true; events: AsyncIterable<StreamEvent[]>; notes?: WireNote[] }
  | { ok: false; error: ProxyError; headers?: Record<string, string> };

/** One chat request, routed to a provider. */
export interface ChatCall {
  request: ChatRequest;
  /** The model name the upstream knows (the part after `<provider>/`). */
  model: string;
  /** The model id the client used; chunks carry it. */
  publicModel: string;
  provider: ProviderConfig;
  /** What the model can do and how its parameters map (configuration, then the defaults table). */
  info: ModelInfo;
  /** Aborted when the client goes away; the provider must stop its upstream request. */
  signal: AbortSignal;
}

/** What the server lends a provider: its I/O, clock and limits, injected so tests can fake them. */
export interface ProviderRuntime {
  fetch: typeof fetch;
  limits: ProxyLimits;
  now: () => number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  demoDelayMs: number;
  /** Masks any piece of a configured secret in a text that came from an upstream. */
  redact: (text: string) => string;
}

/** Every provider module exports one of these. */
export interface Provider {
  chat(call: ChatCall, runtime: ProviderRuntime): Promise<ChatOutcome>;
  /** The upstream's model names (without the provider prefix). */
  listModels(
    provider: ProviderConfig,
    runtime: ProviderRuntime,
    signal: AbortSignal,
  ): Promise<string[]>;
}
