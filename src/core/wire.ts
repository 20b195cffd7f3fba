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

export interface WireChatRequest {
  model: string;
  messages: WireMessage[];
  tools?: WireTool[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  temperature?: number;
  max_tokens?: number;
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
    message: { role: "assistant"; content: string | null; tool_calls?: WireToolCall[] };
    finish_reason: WireFinishReason | null;
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
