/**
 * The OpenAI Chat Completions wire format, the one dialect the proxy speaks to the browser.
 * Shared by `server/` and `src/net/`; nothing else of core is imported by the server.
 */

export interface WireToolCall {
  id: string;
  type: "function";
  function: { name: string; arguments: string };
}

/**
 * A piece of a user message's content. Images go as `data:image/(png|jpeg|webp|gif);base64,...`
 * URLs (the proxy fetches no remote image). A text file goes as a text part whose first line
 * names it: `<file name="NAME">`, then the file's text, then a last line `</file>`; in NAME,
 * `&`, `"`, `<` and `>` are written `&amp;`, `&quot;`, `&lt;`, `&gt;` and line breaks as spaces
 * (docs/proxy.md, "Content parts").
 */
export type WireContentPart =
  | { type: "text"; text: string }
  | { type: "image_url"; image_url: { url: string; detail?: "auto" | "low" | "high" } };

export type WireMessage =
  | { role: "system"; content: string }
  | { role: "user"; content: string | WireContentPart[] }
  | {
      role: "assistant";
      content: string | null;
      tool_calls?: WireToolCall[];
      /**
       * The reasoning the answer streamed, sent back only where a provider needs it (an
       * assistant message with tool calls, to DeepSeek's thinking mode); see docs/proxy.md.
       */
      reasoning_content?: string;
    }
  | { role: "tool"; content: string; tool_call_id: string };

export interface WireTool {
  type: "function";
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

/** How hard a reasoning model thinks; families accept different subsets (docs/proxy.md, "Parameters"). */
export type WireReasoningEffort = "none" | "minimal" | "low" | "medium" | "high" | "xhigh";

export interface WireChatRequest {
  model: string;
  messages: WireMessage[];
  tools?: WireTool[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  /** 0 to 2. */
  temperature?: number;
  /** 0 to 1. */
  top_p?: number;
  max_tokens?: number;
  /** The same as `max_tokens` (OpenAI's newer name); when both are sent this one counts. */
  max_completion_tokens?: number;
  reasoning_effort?: WireReasoningEffort;
}

/** Why the proxy changed a parameter before it reached the model. */
export type WireNoteReason =
  /** The model does not take it (by the defaults table or the configuration). */
  | "model_refuses"
  /** The upstream answered 400 naming it, so the request was sent again without it. */
  | "upstream_refused"
  /** Anthropic's extended thinking is on, which rules it out. */
  | "thinking_enabled"
  /** The model takes `temperature` or `top_p`, not both; `temperature` was kept. */
  | "conflicts_with_temperature"
  /** `max_tokens` leaves no room for a thinking budget of at least 1,024 tokens. */
  | "max_tokens_too_small"
  /** Thinking cannot start in the middle of a tool loop (Anthropic). */
  | "tool_continuation"
  /** Thinking cannot continue an answer the request ends with (Anthropic). */
  | "answer_continuation"
  /** Thinking cannot be on while `tool_choice` forces a tool (Anthropic). */
  | "tool_choice_forced";

/**
 * What the proxy did to a request parameter, told on the answer (the first chunk of each choice,
 * or each choice of a completion): codes, never sentences.
 */
export interface WireNote {
  /** `param_dropped`: left out; `param_clamped`: sent as `value` instead. */
  code: "param_dropped" | "param_clamped";
  /** The request field, as the browser named it (`temperature`, `top_p`, `reasoning_effort`, ...). */
  param: string;
  reason?: WireNoteReason;
  /** `param_clamped`: the value sent. */
  value?: number;
}

export interface WireUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

export type WireFinishReason =
  | "stop"
  | "length"
  | "tool_calls"
  | "content_filter"
  | "function_call";

export interface WireToolCallDelta {
  index: number;
  id?: string;
  type?: "function";
  function?: { name?: string; arguments?: string };
}

export interface WireChunk {
  id: string;
  object: "chat.completion.chunk";
  created: number;
  model: string;
  choices: Array<{
    index: number;
    delta: {
      role?: "assistant";
      content?: string | null;
      reasoning_content?: string | null;
      tool_calls?: WireToolCallDelta[];
    };
    finish_reason: WireFinishReason | null;
    /**
     * Set by the proxy on a finish it supplied: the upstream ended its stream with `[DONE]`
     * and never named a finish reason, so the answer is taken as finished (`stop`).
     */
    x_parley_note?: "no_finish_reason";
    /** On the first chunk of a choice: what the proxy did to the request's parameters. */
    x_parley_notes?: WireNote[];
  }>;
  usage?: WireUsage | null;
}

export interface WireCompletion {
  id: string;
  object: "chat.completion";
  created: number;
  model: string;
  choices: Array<{
    index: number;
    message: {
      role: "assistant";
      content: string | null;
      tool_calls?: WireToolCall[];
      /** The reasoning the model gave before its answer, when it gave any. */
      reasoning_content?: string;
    };
    finish_reason: WireFinishReason | null;
    x_parley_notes?: WireNote[];
  }>;
  usage?: WireUsage;
}

export interface WireModel {
  id: string;
  object: "model";
  created: number;
  owned_by: string;
  /** Tokens of input and output together; null when not known. The proxy always sends it. */
  context_window?: number | null;
  /** The most tokens one answer may have; null when not known. */
  max_output_tokens?: number | null;
  /** Whether the model reads images (false when not known: the proxy refuses images then). */
  vision?: boolean;
  /** Whether it accepts `reasoning_effort`; null when not known (it is sent, and left out if refused). */
  reasoning?: boolean | null;
}

export interface WireModelList {
  object: "list";
  data: WireModel[];
}

/** Every proxy failure has this body. `message` says what to do. */
export interface WireError {
  error: {
    type: string;
    message: string;
    status: number;
    /** The provider the failure concerns; null when the proxy itself refused the request. */
    provider: string | null;
    code?: string | null;
  };
}
