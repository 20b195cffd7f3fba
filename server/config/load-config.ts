import { type ConfigFile, parseConfigFile } from "./config-file.ts";
import {
  DEFAULT_LIMITS,
  DEMO_PROVIDER,
  type ProviderConfig,
  type ProxyConfig,
  type ProxyLimits,
} from "./types.ts";

/** The environment as a plain map (Node's `process.env`, or a Worker's bindings). */
export type Env = Record<string, string | undefined>;

/** A configuration mistake; its message names the field and what to do. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

export const OPENAI_DEFAULT_URL = "https://api.openai.com/v1";
export const ANTHROPIC_DEFAULT_URL = "https://api.anthropic.com";

const LIMIT_ENV: Record<string, keyof ProxyLimits> = {
  PARLEY_BODY_LIMIT_BYTES: "bodyBytes",
  PARLEY_RATE_LIMIT_PER_MINUTE: "ratePerMinute",
  PARLEY_RATE_LIMIT_BURST: "rateBurst",
  PARLEY_MAX_STREAMS: "maxStreams",
  PARLEY_CONNECT_TIMEOUT_MS: "connectTimeoutMs",
  PARLEY_IDLE_TIMEOUT_MS: "idleTimeoutMs",
  PARLEY_MAX_RETRIES: "maxRetries",
};

function present(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function numberFrom(env: Env, name: string): number | undefined {
  const raw = present(env[name]);
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    throw new ConfigError(
      `${name} must be a whole number of 0 or more (got "${raw}"). Fix it or unset it.`,
    );
  }
  return value;
}

function listFrom(value: string | undefined): string[] | undefined {
  const items = value
    ?.split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return items?.length ? items : undefined;
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/u, "");
}

function validBaseUrl(url: string, name: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.protocol === "http:" || parsed.protocol === "https:") return trimSlash(url);
  } catch {}
  throw new ConfigError(`${name} must be an http:// or https:// URL (got "${url}").`);
}

function envProviders(env: Env): ProviderConfig[] {
  const providers: ProviderConfig[] = [];
  const openaiKey = present(env.OPENAI_API_KEY);
  const openaiUrl = present(env.OPENAI_BASE_URL);
  if (openaiKey || openaiUrl) {
    const provider: ProviderConfig = {
      id: "openai",
      kind: "openai",
      baseUrl: validBaseUrl(openaiUrl ?? OPENAI_DEFAULT_URL, "OPENAI_BASE_URL"),
      apiKeyEnv: "OPENAI_API_KEY",
      models: listFrom(env.OPENAI_MODELS) ?? "discover",
      defaults: {},
      headers: {},
      streamUsage: true,
    };
    if (openaiKey) provider.apiKey = openaiKey;
    providers.push(provider);
  }
  const anthropicKey = present(env.ANTHROPIC_API_KEY);
  const anthropicUrl = present(env.ANTHROPIC_BASE_URL);
  if (anthropicKey || anthropicUrl) {
    const provider: ProviderConfig = {
      id: "anthropic",
      kind: "anthropic",
      baseUrl: validBaseUrl(anthropicUrl ?? ANTHROPIC_DEFAULT_URL, "ANTHROPIC_BASE_URL"),
      apiKeyEnv: "ANTHROPIC_API_KEY",
      models: listFrom(env.ANTHROPIC_MODELS) ?? "discover",
      defaults: {},
      headers: {},
      streamUsage: true,
    };
    if (anthropicKey) provider.apiKey = anthropicKey;
    providers.push(provider);
  }
  if (present(env.PARLEY_DEMO) !== "off") providers.push(DEMO_PROVIDER);
  return providers;
}

function fileProviders(file: ConfigFile, env: Env, where: string): ProviderConfig[] {
  const seen = new Set<string>();
  return file.providers.map((p, i): ProviderConfig => {
    const field = `${where}: providers[${i}]`;
    if (seen.has(p.id))
      throw new ConfigError(`${field}.id: "${p.id}" is used twice; give each provider its own id.`);
    seen.add(p.id);
    if (p.kind === "demo") return { ...DEMO_PROVIDER, id: p.id };
    const baseUrl = trimSlash(
      p.baseUrl ?? (p.kind === "openai" ? OPENAI_DEFAULT_URL : ANTHROPIC_DEFAULT_URL),
    );
    const provider: ProviderConfig = {
      id: p.id,
      kind: p.kind,
      baseUrl,
      models: p.models ?? "discover",
      defaults: p.defaults ?? {},
      headers: p.headers ?? {},
      streamUsage: p.streamUsage ?? true,
    };
    if (p.apiKeyEnv) {
      const key = present(env[p.apiKeyEnv]);
      if (!key) {
        throw new ConfigError(
          `${field}.apiKeyEnv names ${p.apiKeyEnv}, which is not set. Set ${p.apiKeyEnv} in the server's environment, or remove apiKeyEnv for a server that needs no key.`,
        );
      }
      provider.apiKeyEnv = p.apiKeyEnv;
      provider.apiKey = key;
    } else if (p.kind === "anthropic") {
      throw new ConfigError(
        `${field}.apiKeyEnv is missing: Anthropic needs a key. Name the variable that holds it, e.g. "ANTHROPIC_API_KEY".`,
      );
    }
    return provider;
  });
}

function readConfigFile(
  env: Env,
  readFile?: (path: string) => string,
): { file: ConfigFile; where: string } | null {
  const setting = present(env.PARLEY_CONFIG);
  if (!setting) return null;
  const inline = setting.startsWith("{");
  const where = inline ? "PARLEY_CONFIG" : `PARLEY_CONFIG (${setting})`;
  let text = setting;
  if (!inline) {
    if (!readFile)
      throw new ConfigError(
        `${where}: this runtime cannot read files; put the JSON itself in PARLEY_CONFIG.`,
      );
    try {
      text = readFile(setting);
    } catch (error) {
      throw new ConfigError(
        `${where}: cannot read the file (${(error as Error).message}). Check the path.`,
      );
    }
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`${where} is not valid JSON (${(error as Error).message}).`);
  }
  const parsed = parseConfigFile(json);
  if (!parsed.ok) throw new ConfigError(`${where}: ${parsed.message}.`);
  return { file: parsed.file, where };
}

/**
 * Reads the configuration from the environment and, when `PARLEY_CONFIG` is set, from its JSON
 * (a file path, or the JSON itself). Throws a `ConfigError` naming the wrong field.
 */
export function loadConfig(env: Env, readFile?: (path: string) => string): ProxyConfig {
  const fromFile = readConfigFile(env, readFile);
  const limits: ProxyLimits = { ...DEFAULT_LIMITS };
  for (const [key, value] of Object.entries(fromFile?.file.limits ?? {})) {
    if (value !== undefined) limits[key as keyof ProxyLimits] = value;
  }
  for (const [name, key] of Object.entries(LIMIT_ENV)) {
    const value = numberFrom(env, name);
    if (value !== undefined) limits[key] = value;
  }
  const delay = numberFrom(env, "DEMO_DELAY_MS") ?? fromFile?.file.demoDelayMs ?? 15;
  const corsOrigins = (listFrom(env.PARLEY_CORS_ORIGINS) ?? fromFile?.file.corsOrigins ?? []).map(
    (origin) => {
      try {
        return new URL(origin).origin;
      } catch {
        throw new ConfigError(
          `PARLEY_CORS_ORIGINS: "${origin}" is not an origin such as https://chat.example.com.`,
        );
      }
    },
  );
  const config: ProxyConfig = {
    providers: fromFile ? fileProviders(fromFile.file, env, fromFile.where) : envProviders(env),
    corsOrigins,
    limits,
    demoDelayMs: delay,
    trustForwardedFor:
      present(env.PARLEY_TRUST_PROXY) === "1" || fromFile?.file.trustProxy === true,
  };
  const token = present(env.PARLEY_ACCESS_TOKEN);
  if (token !== undefined) {
    if (token.length < 16) {
      throw new ConfigError(
        "PARLEY_ACCESS_TOKEN is too short: use at least 16 random characters (e.g. `openssl rand -hex 24`).",
      );
    }
    config.accessToken = token;
  }
  return config;
}
