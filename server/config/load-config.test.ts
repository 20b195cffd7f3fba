import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./load-config.ts";

const file = (value: unknown) => ({ PARLEY_CONFIG: JSON.stringify(value) });
function errorOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("expected a ConfigError");
}

describe("loadConfig", () => {
  it("with nothing configured, only the demo is offered", () => {
    const config = loadConfig({});
    expect(config.providers.map((p) => p.id)).toEqual(["demo"]);
    expect(config.accessToken).toBeUndefined();
    expect(config.corsOrigins).toEqual([]);
    expect(config.limits.bodyBytes).toBe(16 * 1024 * 1024);
  });

  it("environment variables add OpenAI-compatible and Anthropic providers that discover their models", () => {
    const config = loadConfig({
      OPENAI_API_KEY: "sk-a",
      OPENAI_BASE_URL: "http://127.0.0.1:11434/v1/",
      ANTHROPIC_API_KEY: "sk-b",
    });
    expect(config.providers.map((p) => [p.id, p.kind, p.baseUrl, p.models, p.apiKeyEnv])).toEqual([
      ["openai", "openai", "http://127.0.0.1:11434/v1", "discover", "OPENAI_API_KEY"],
      ["anthropic", "anthropic", "https://api.anthropic.com", "discover", "ANTHROPIC_API_KEY"],
      ["demo", "demo", "", ["demo"], undefined],
    ]);
    expect(loadConfig({ OPENAI_API_KEY: "k" }).providers[0]?.baseUrl).toBe(
      "https://api.openai.com/v1",
    );
    expect(loadConfig({ OPENAI_API_KEY: "k", OPENAI_MODELS: "a, b" }).providers[0]?.models).toEqual(
      ["a", "b"],
    );
    expect(
      loadConfig({ OPENAI_API_KEY: "k", PARLEY_DEMO: "off" }).providers.map((p) => p.id),
    ).toEqual(["openai"]);
  });

  it("PARLEY_CONFIG names several providers, as JSON or as a file path", () => {
    const value = {
      providers: [
        {
          id: "groq",
          kind: "openai",
          baseUrl: "https://api.groq.com/openai/v1",
          apiKeyEnv: "GROQ_API_KEY",
          models: ["llama-3.3-70b-versatile"],
          defaults: { temperature: 0.2 },
        },
        { id: "local", kind: "openai", baseUrl: "http://127.0.0.1:8080/v1" },
        {
          id: "claude",
          kind: "anthropic",
          apiKeyEnv: "ANTHROPIC_API_KEY",
          models: ["claude-sonnet-4-5"],
        },
        { id: "demo", kind: "demo" },
      ],
      corsOrigins: ["https://chat.example.com"],
      limits: { maxStreams: 10 },
    };
    const env = { GROQ_API_KEY: "gsk", ANTHROPIC_API_KEY: "ak", ...file(value) };
    const config = loadConfig(env);
    expect(config.providers.map((p) => p.id)).toEqual(["groq", "local", "claude", "demo"]);
    expect(config.providers[0]).toMatchObject({ apiKey: "gsk", defaults: { temperature: 0.2 } });
    expect(config.providers[1]).toMatchObject({ models: "discover" });
    expect(config.providers[1]?.apiKey).toBeUndefined();
    expect(config.corsOrigins).toEqual(["https://chat.example.com"]);
    expect(config.limits.maxStreams).toBe(10);
    const fromFile = loadConfig(
      { GROQ_API_KEY: "gsk", ANTHROPIC_API_KEY: "ak", PARLEY_CONFIG: "/etc/parley.json" },
      (path) => {
        expect(path).toBe("/etc/parley.json");
        return JSON.stringify(value);
      },
    );
    expect(fromFile.providers).toHaveLength(4);
  });

  it("a bad configuration says which field is wrong", () => {
    expect(
      errorOf(() =>
        loadConfig(
          file({
            providers: [
              { id: "a", kind: "openai" },
              { id: "b", kind: "azure" },
            ],
          }),
        ),
      ),
    ).toMatch(/providers\[1\]\.kind/u);
    expect(
      errorOf(() =>
        loadConfig(file({ providers: [{ id: "a", kind: "openai", baseURL: "http://x" }] })),
      ),
    ).toMatch(/providers\[0\]: unknown field "baseURL"/u);
    expect(
      errorOf(() =>
        loadConfig(file({ providers: [{ id: "a", kind: "openai", baseUrl: "ftp://x" }] })),
      ),
    ).toMatch(/providers\[0\]\.baseUrl/u);
    expect(
      errorOf(() =>
        loadConfig(file({ providers: [{ id: "a", kind: "openai", apiKeyEnv: "MISSING_KEY" }] })),
      ),
    ).toMatch(/providers\[0\]\.apiKeyEnv names MISSING_KEY, which is not set/u);
    expect(
      errorOf(() =>
        loadConfig(file({ providers: [{ id: "a", kind: "openai", apiKeyEnv: "sk-live-123" }] })),
      ),
    ).toMatch(/name of an environment variable/u);
    expect(
      errorOf(() =>
        loadConfig(
          file({
            providers: [
              { id: "a", kind: "openai" },
              { id: "a", kind: "openai" },
            ],
          }),
        ),
      ),
    ).toMatch(/providers\[1\]\.id: "a" is used twice/u);
    expect(
      errorOf(() => loadConfig(file({ providers: [{ id: "c", kind: "anthropic" }] }))),
    ).toMatch(/providers\[0\]\.apiKeyEnv is missing/u);
    expect(errorOf(() => loadConfig(file({ providers: [] })))).toMatch(/providers/u);
    expect(
      errorOf(() =>
        loadConfig(file({ providers: [{ id: "a", kind: "demo" }], limits: { bodyBytes: "big" } })),
      ),
    ).toMatch(/limits\.bodyBytes/u);
    expect(errorOf(() => loadConfig({ PARLEY_CONFIG: "{ not json" }))).toMatch(
      /PARLEY_CONFIG is not valid JSON/u,
    );
    expect(
      errorOf(() =>
        loadConfig({ PARLEY_CONFIG: "/nope.json" }, () => {
          throw new Error("ENOENT");
        }),
      ),
    ).toMatch(/cannot read the file.*Check the path/u);
    expect(errorOf(() => loadConfig({ PARLEY_MAX_STREAMS: "many" }))).toMatch(
      /PARLEY_MAX_STREAMS must be a whole number/u,
    );
    expect(errorOf(() => loadConfig({ OPENAI_BASE_URL: "localhost:11434" }))).toMatch(
      /OPENAI_BASE_URL must be an http/u,
    );
    expect(errorOf(() => loadConfig({ PARLEY_ACCESS_TOKEN: "short" }))).toMatch(
      /PARLEY_ACCESS_TOKEN is too short/u,
    );
    expect(errorOf(() => loadConfig({ PARLEY_CORS_ORIGINS: "not an origin" }))).toMatch(
      /PARLEY_CORS_ORIGINS/u,
    );
  });

  it("limits are checked wherever they come from, naming the variable or the field", () => {
    expect(errorOf(() => loadConfig({ PARLEY_MAX_STREAMS: "0" }))).toBe(
      "PARLEY_MAX_STREAMS must be at least 1 (got 0). Fix it or unset it.",
    );
    expect(errorOf(() => loadConfig({ PARLEY_BODY_LIMIT_BYTES: "0" }))).toMatch(
      /^PARLEY_BODY_LIMIT_BYTES must be at least 1024/u,
    );
    expect(errorOf(() => loadConfig({ PARLEY_RATE_LIMIT_BURST: "0" }))).toMatch(
      /^PARLEY_RATE_LIMIT_BURST must be at least 1/u,
    );
    expect(errorOf(() => loadConfig({ PARLEY_MAX_RETRIES: "100" }))).toMatch(
      /^PARLEY_MAX_RETRIES must be at most 10 \(got 100\)/u,
    );
    expect(
      errorOf(() =>
        loadConfig(file({ providers: [{ id: "a", kind: "demo" }], limits: { maxStreams: 0 } })),
      ),
    ).toMatch(/limits\.maxStreams/u);
    const both = { ...file({ providers: [{ id: "a", kind: "demo" }], limits: { maxStreams: 8 } }) };
    expect(loadConfig({ ...both, PARLEY_MAX_STREAMS: "4" }).limits.maxStreams).toBe(4);
    expect(errorOf(() => loadConfig({ ...both, PARLEY_MAX_STREAMS: "0" }))).toMatch(
      /^PARLEY_MAX_STREAMS must be at least 1/u,
    );
  });

  it("host names: local only by default, listed ones, any with *; a bad name is named", () => {
    expect(loadConfig({}).allowedHosts).toEqual([]);
    expect(loadConfig({}, undefined, { allowedHosts: "any" }).allowedHosts).toBe("any");
    expect(
      loadConfig({ PARLEY_ALLOWED_HOSTS: "Chat.Example.com, .example.org" }).allowedHosts,
    ).toEqual(["chat.example.com", ".example.org"]);
    expect(loadConfig({ PARLEY_ALLOWED_HOSTS: "*" }).allowedHosts).toBe("any");
    expect(
      loadConfig(file({ providers: [{ id: "a", kind: "demo" }], allowedHosts: ["box.lan"] }))
        .allowedHosts,
    ).toEqual(["box.lan"]);
    expect(errorOf(() => loadConfig({ PARLEY_ALLOWED_HOSTS: "http://x.com/" }))).toMatch(
      /PARLEY_ALLOWED_HOSTS: "http:\/\/x\.com\/" is not a host name/u,
    );
    expect(
      errorOf(() =>
        loadConfig(file({ providers: [{ id: "a", kind: "demo" }], allowedHosts: ["a b"] })),
      ),
    ).toMatch(/allowedHosts\[0\]/u);
  });

  it("limits and the access token come from the environment", () => {
    const config = loadConfig({
      PARLEY_ACCESS_TOKEN: "0123456789abcdef0123",
      PARLEY_BODY_LIMIT_BYTES: "2048",
      PARLEY_RATE_LIMIT_PER_MINUTE: "0",
      PARLEY_TRUST_PROXY: "1",
    });
    expect(config.accessToken).toBe("0123456789abcdef0123");
    expect(config.limits).toMatchObject({ bodyBytes: 2048, ratePerMinute: 0 });
    expect(config.trustForwardedFor).toBe(true);
  });
});
