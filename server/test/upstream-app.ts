import { createApp } from "../app.ts";
import { loadConfig } from "../config/load-config.ts";
import type { LogEntry } from "../context.ts";
import type { Send } from "./browser-turn.ts";

/** An app wired to a fake upstream through `PARLEY_CONFIG`, with instant retries and a captured log. */
export function upstreamApp(
  origin: string,
  env: Record<string, string> = {},
  overrides: {
    kind?: "openai" | "anthropic";
    models?: string[] | "discover";
    sleeps?: number[];
    fetch?: typeof fetch;
    modelInfo?: Record<string, unknown>;
  } = {},
) {
  const logs: LogEntry[] = [];
  const kind = overrides.kind ?? "openai";
  const provider = {
    id: "up",
    kind,
    baseUrl: kind === "openai" ? `${origin}/v1` : origin,
    apiKeyEnv: "UP_KEY",
    models: overrides.models ?? ["m"],
    ...(overrides.modelInfo ? { modelInfo: overrides.modelInfo } : {}),
  };
  const config = loadConfig({
    UP_KEY: "sk-test-0123456789abcdef",
    DEMO_DELAY_MS: "0",
    PARLEY_CONFIG: JSON.stringify({ providers: [provider, { id: "demo", kind: "demo" }] }),
    ...env,
  });
  const app = createApp({
    config,
    log: (entry) => logs.push(entry),
    sleep: async (ms) => {
      overrides.sleeps?.push(ms);
    },
    clientAddress: (request) => request.headers.get("x-test-client") ?? "127.0.0.1",
    ...(overrides.fetch ? { fetch: overrides.fetch } : {}),
  });
  const send: Send = async (path, init) => app.request(path, init);
  return { app, send, logs, config };
}
