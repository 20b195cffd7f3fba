import type { ProxyConfig } from "./config/types.ts";
import type { ProviderRuntime } from "./contract/provider.ts";
import type { LogEntry } from "./log-entry.ts";
import { ModelCatalog } from "./models/catalog.ts";
import { sleep } from "./sleep.ts";
import { secretRedactor } from "./upstream/redact.ts";

export type { LogEntry };

/** Filled in by the routes, written as one line when the response (or its stream) ends. */
export interface AccessRecord {
  fields: LogEntry;
  /** Set by a streaming route; the line is written when it settles. */
  ended?: Promise<void>;
}

/** Hono environment shared by the app and its sub-apps. */
export interface AppEnv {
  Variables: { access: AccessRecord; client: string };
}

/** What the app is built from; everything with I/O can be replaced in tests. */
export interface AppDeps {
  config: ProxyConfig;
  /** The `fetch` used for every upstream request. */
  fetch?: typeof fetch;
  /** Receives one entry per request (the access log) and discovery failures. */
  log?: (entry: LogEntry) => void;
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** The client's address as the runtime sees it (Node: the socket; Workers: `cf-connecting-ip`). */
  clientAddress?: (request: Request, env: unknown) => string | undefined;
}

/** Shared by the routes of one app instance. */
export interface AppContext {
  config: ProxyConfig;
  runtime: ProviderRuntime;
  catalog: ModelCatalog;
  log: (entry: LogEntry) => void;
  clientAddress: (request: Request, env: unknown) => string | undefined;
}

export function createContext(deps: AppDeps): AppContext {
  const write = deps.log ?? ((entry: LogEntry) => console.log(JSON.stringify(entry)));
  const runtime: ProviderRuntime = {
    fetch: deps.fetch ?? ((input, init) => fetch(input, init)),
    limits: deps.config.limits,
    now: deps.now ?? (() => Date.now()),
    sleep: deps.sleep ?? sleep,
    demoDelayMs: deps.config.demoDelayMs,
    redact: secretRedactor([
      ...deps.config.providers.map((p) => p.apiKey),
      deps.config.accessToken,
    ]),
  };
  const log = (entry: LogEntry) => {
    const clean: LogEntry = {};
    for (const [key, value] of Object.entries(entry))
      clean[key] = typeof value === "string" ? runtime.redact(value) : value;
    write(clean);
  };
  const catalog = new ModelCatalog(deps.config.providers, runtime, log);
  const clientAddress = deps.clientAddress ?? (() => undefined);
  return { config: deps.config, runtime, catalog, log, clientAddress };
}
