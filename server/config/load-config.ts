import { DEFAULT_LIMITS, DEMO_PROVIDER, type ProxyConfig } from "./types.ts";

/** The environment as a plain map (Node's `process.env`, or a Worker's bindings). */
export type Env = Record<string, string | undefined>;

/** Reads the configuration from the environment. */
export function loadConfig(env: Env): ProxyConfig {
  const delay = Number(env.DEMO_DELAY_MS ?? 15);
  return {
    providers: [DEMO_PROVIDER],
    corsOrigins: [],
    limits: { ...DEFAULT_LIMITS },
    demoDelayMs: Number.isFinite(delay) && delay >= 0 ? delay : 15,
    trustForwardedFor: false,
  };
}

/** A configuration mistake; its message names the field and what to do. */
export class ConfigError extends Error {
  override name = "ConfigError";
}
