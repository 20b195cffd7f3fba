/** The environment as a plain map (Node's `process.env`, or a Worker's bindings). */
export type Env = Record<string, string | undefined>;

/** What a provider's configuration may say about one of its models (`modelInfo`). */
export interface ModelInfoSetting {
  vision?: boolean | undefined;
  reasoning?: boolean | undefined;
  contextWindow?: number | undefined;
  maxOutputTokens?: number | undefined;
}

/** How the proxy talks to an upstream. */
export type ProviderKind = "openai" | "anthropic" | "demo";

/** One configured provider, with its key already read from the server's environment. */
export interface ProviderConfig {
  /** Prefix of its model ids: `<id>/<model>`. The demo provider's only model is `demo`. */
  id: string;
  kind: ProviderKind;
  /** Upstream base URL, e.g. `https://api.openai.com/v1`; empty for the demo. */
  baseUrl: string;
  /** The secret itself; never logged, never sent to a client. */
  apiKey?: string;
  /** Name of the environment variable the key came from, used in error messages. */
  apiKeyEnv?: string;
  /** A fixed list of upstream model names, or `"discover"` to read the upstream's model list. */
  models: string[] | "discover";
  /** Request parameters applied when the client does not set them (e.g. `temperature`, `max_tokens`). */
  defaults: Record<string, unknown>;
  /** Extra static request headers (e.g. OpenRouter's `HTTP-Referer`). */
  headers: Record<string, string>;
  /** Ask an OpenAI-compatible upstream for usage with `stream_options` (some servers reject it). */
  streamUsage: boolean;
  /**
   * What its models can do, by model name (`"*"` for all, `"prefix*"` for a prefix); overrides
   * the defaults table for the fields it sets.
   */
  modelInfo: Record<string, ModelInfoSetting>;
}

/** Limits that keep the proxy from becoming an open relay or falling over. */
export interface ProxyLimits {
  /** Largest accepted request body in bytes (413 above). */
  bodyBytes: number;
  /** Sustained chat requests per client per minute (429 above); 0 disables the limit. */
  ratePerMinute: number;
  /** Requests a client may make at once before the per-minute rate applies. */
  rateBurst: number;
  /** Concurrent chat requests across all clients (503 above). */
  maxStreams: number;
  /** Time allowed for the upstream's response headers. */
  connectTimeoutMs: number;
  /** Longest silence allowed between two pieces of an upstream body. */
  idleTimeoutMs: number;
  /** Longest an upstream may take over one answer once its headers arrived, whatever it sends. */
  maxAnswerMs: number;
  /** Retries of a 429 or 5xx answer, only before any byte reached the client. */
  maxRetries: number;
  /** A `retry-after` longer than this is not waited for: the 429 goes back to the client. */
  maxRetryDelayMs: number;
  /** How long a discovered model list is reused before it is fetched again. */
  discoveryTtlMs: number;
}

/** Everything the proxy needs, read once at start. */
export interface ProxyConfig {
  providers: ProviderConfig[];
  /** When set, every `/v1` request needs `Authorization: Bearer <token>`. */
  accessToken?: string;
  /** Origins allowed to call the proxy from another origin; empty means same-origin only. */
  corsOrigins: string[];
  /**
   * Host names `/v1` answers on (a guard against DNS rebinding): `"any"`, or names, `.domain`
   * for a domain and its subdomains; local names and IP addresses are always allowed.
   */
  allowedHosts: string[] | "any";
  limits: ProxyLimits;
  /** Delay per streamed piece of the demo model. */
  demoDelayMs: number;
  /** Identify clients by `X-Forwarded-For` (only behind a proxy that sets it). */
  trustForwardedFor: boolean;
}

/**
 * The default body limit: a message with several images scaled to 2,048 px. A 2,048 × 1,536 JPEG
 * at quality 0.85 is 0.5 MB as a data URL for a smooth photo and 2.3 MB for pure noise (the
 * worst case), so 16 MiB holds four worst-case images with room for the conversation.
 */
export const DEFAULT_BODY_BYTES = 16 * 1024 * 1024;

export const DEFAULT_LIMITS: ProxyLimits = {
  bodyBytes: DEFAULT_BODY_BYTES,
  ratePerMinute: 120,
  rateBurst: 60,
  maxStreams: 256,
  connectTimeoutMs: 60_000,
  idleTimeoutMs: 120_000,
  maxAnswerMs: 15 * 60_000,
  maxRetries: 2,
  maxRetryDelayMs: 10_000,
  discoveryTtlMs: 10 * 60_000,
};

export const DEMO_PROVIDER: ProviderConfig = {
  id: "demo",
  kind: "demo",
  baseUrl: "",
  models: ["demo"],
  defaults: {},
  headers: {},
  streamUsage: true,
  modelInfo: {},
};
