import { ConfigError } from "./config-error.ts";
import { type ConfigFile, limitsSchema, parseConfigFile } from "./config-file.ts";
import {
  ANTHROPIC_DEFAULT_URL,
  envProviders,
  listFrom,
  OPENAI_DEFAULT_URL,
  present,
  trimSlash,
} from "./env-providers.ts";
import {
  DEFAULT_LIMITS,
  DEMO_PROVIDER,
  type Env,
  type ProviderConfig,
  type ProxyConfig,
  type ProxyLimits,
} from "./types.ts";

export type { Env } from "./types.ts";

type AllowedHosts = ProxyConfig["allowedHosts"];

export { ConfigError };

const LIMIT_ENV: Record<string, keyof ProxyLimits> = {
  PARLEY_BODY_LIMIT_BYTES: "bodyBytes",
  PARLEY_RATE_LIMIT_PER_MINUTE: "ratePerMinute",
  PARLEY_RATE_LIMIT_BURST: "rateBurst",
  PARLEY_MAX_STREAMS: "maxStreams",
  PARLEY_CONNECT_TIMEOUT_MS: "connectTimeoutMs",
  PARLEY_IDLE_TIMEOUT_MS: "idleTimeoutMs",
  PARLEY_MAX_ANSWER_MS: "maxAnswerMs",
  PARLEY_MAX_RETRIES: "maxRetries",
};

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

/** The limits from the file and the environment, checked together: a limit of 0 streams is refused wherever it comes from. */
function readLimits(env: Env, file: ConfigFile | undefined, where: string): ProxyLimits {
  const limits: ProxyLimits = { ...DEFAULT_LIMITS };
  const source = new Map<keyof ProxyLimits, string>();
  for (const [key, value] of Object.entries(file?.limits ?? {})) {
    if (value === undefined) continue;
    limits[key as keyof ProxyLimits] = value;
    source.set(key as keyof ProxyLimits, `${where}: limits.${key}`);
  }
  for (const [name, key] of Object.entries(LIMIT_ENV)) {
    const value = numberFrom(env, name);
    if (value === undefined) continue;
    limits[key] = value;
    source.set(key, name);
  }
  const checked = limitsSchema.safeParse(limits);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    const key = String(issue?.path[0]) as keyof ProxyLimits;
    const field = source.get(key) ?? `limits.${key}`;
    const rule =
      issue?.code === "too_small"
        ? `must be at least ${issue.minimum}`
        : issue?.code === "too_big"
          ? `must be at most ${issue.maximum}`
          : `is not valid (${issue?.message})`;
    throw new ConfigError(`${field} ${rule} (got ${limits[key]}). Fix it or unset it.`);
  }
  return limits;
}

function allowedHostsFrom(env: Env, file: ConfigFile | undefined, fallback: AllowedHosts) {
  const listed = listFrom(env.PARLEY_ALLOWED_HOSTS);
  if (!listed) return file?.allowedHosts ?? fallback;
  if (listed.includes("*")) return "any";
  const bad = listed.find((h) => !/^\.?[a-z0-9-]+(?:\.[a-z0-9-]+)*$/iu.test(h));
  if (bad !== undefined)
    throw new ConfigError(
      `PARLEY_ALLOWED_HOSTS: "${bad}" is not a host name such as chat.example.com (".example.com" for a domain, "*" for any).`,
    );
  return listed.map((h) => h.toLowerCase());
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
      modelInfo: p.modelInfo ?? {},
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
export function loadConfig(
  env: Env,
  readFile?: (path: string) => string,
  defaults: { allowedHosts?: AllowedHosts } = {},
): ProxyConfig {
  const fromFile = readConfigFile(env, readFile);
  const limits = readLimits(env, fromFile?.file, fromFile?.where ?? "PARLEY_CONFIG");
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
    allowedHosts: allowedHostsFrom(env, fromFile?.file, defaults.allowedHosts ?? []),
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
