import { ConfigError } from "./config-error.ts";
import { modelInfoSchema, pathOf } from "./config-file.ts";
import { DEMO_PROVIDER, type Env, type ModelInfoSetting, type ProviderConfig } from "./types.ts";

export const OPENAI_DEFAULT_URL = "https://api.openai.com/v1";
export const ANTHROPIC_DEFAULT_URL = "https://api.anthropic.com";

/** A variable's value, or undefined when it is unset or blank. */
export function present(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** A comma-separated list, or undefined when it names nothing. */
export function listFrom(value: string | undefined): string[] | undefined {
  const items = value
    ?.split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return items?.length ? items : undefined;
}

export function trimSlash(url: string): string {
  return url.replace(/\/+$/u, "");
}

function validBaseUrl(url: string, name: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.protocol === "http:" || parsed.protocol === "https:") return trimSlash(url);
  } catch {}
  throw new ConfigError(`${name} must be an http:// or https:// URL (got "${url}").`);
}

/** `OPENAI_MODEL_INFO` and `ANTHROPIC_MODEL_INFO`: the JSON of a provider's `modelInfo`. */
function modelInfoFrom(env: Env, name: string): Record<string, ModelInfoSetting> {
  const raw = present(env[name]);
  if (raw === undefined) return {};
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new ConfigError(
      `${name} is not valid JSON. Write it as {"model-name": {"vision": true, "contextWindow": 32768}}.`,
    );
  }
  const parsed = modelInfoSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue ? pathOf(issue.path) : "";
  const what =
    issue?.code === "unrecognized_keys"
      ? `unknown field ${issue.keys.map((k) => `"${k}"`).join(", ")}`
      : (issue?.message ?? "invalid");
  throw new ConfigError(
    `${name}${where ? `: ${where}` : ""}: ${what}. Each model may set vision, reasoning, contextWindow and maxOutputTokens.`,
  );
}

/** Providers named by OPENAI_* and ANTHROPIC_* variables, plus the demo unless PARLEY_DEMO=off. */
export function envProviders(env: Env): ProviderConfig[] {
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
      modelInfo: modelInfoFrom(env, "OPENAI_MODEL_INFO"),
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
      modelInfo: modelInfoFrom(env, "ANTHROPIC_MODEL_INFO"),
    };
    if (anthropicKey) provider.apiKey = anthropicKey;
    providers.push(provider);
  }
  if (present(env.PARLEY_DEMO) !== "off") providers.push(DEMO_PROVIDER);
  return providers;
}
