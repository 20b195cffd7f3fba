import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./load-config.ts";

function errorOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("expected a ConfigError");
}

describe("modelInfo: what a provider's models can do", () => {
  it("PARLEY_CONFIG sets it per provider, by model name or prefix", () => {
    const config = loadConfig({
      PARLEY_CONFIG: JSON.stringify({
        providers: [
          {
            id: "local",
            kind: "openai",
            baseUrl: "http://127.0.0.1:11434/v1",
            modelInfo: {
              "llava*": { vision: true, contextWindow: 4096 },
              "qwen3:32b": { reasoning: false, maxOutputTokens: 8192 },
            },
          },
        ],
      }),
    });
    expect(config.providers[0]?.modelInfo).toEqual({
      "llava*": { vision: true, contextWindow: 4096 },
      "qwen3:32b": { reasoning: false, maxOutputTokens: 8192 },
    });
  });

  it("OPENAI_MODEL_INFO and ANTHROPIC_MODEL_INFO set it for the providers of the variables", () => {
    const config = loadConfig({
      OPENAI_BASE_URL: "http://127.0.0.1:8000/v1",
      OPENAI_MODEL_INFO: '{"my-vl": {"vision": true}}',
      ANTHROPIC_API_KEY: "sk-a",
      ANTHROPIC_MODEL_INFO: '{"*": {"maxOutputTokens": 8192}}',
    });
    expect(config.providers.map((p) => p.modelInfo)).toEqual([
      { "my-vl": { vision: true } },
      { "*": { maxOutputTokens: 8192 } },
      {},
    ]);
  });

  it("a wrong setting names the variable or the field, and what may be set", () => {
    expect(errorOf(() => loadConfig({ OPENAI_API_KEY: "k", OPENAI_MODEL_INFO: "{vision}" }))).toBe(
      'OPENAI_MODEL_INFO is not valid JSON. Write it as {"model-name": {"vision": true, "contextWindow": 32768}}.',
    );
    expect(
      errorOf(() =>
        loadConfig({ OPENAI_API_KEY: "k", OPENAI_MODEL_INFO: '{"m": {"vison": true}}' }),
      ),
    ).toBe(
      'OPENAI_MODEL_INFO: m: unknown field "vison". Each model may set vision, reasoning, contextWindow and maxOutputTokens.',
    );
    expect(
      errorOf(() =>
        loadConfig({
          PARLEY_CONFIG: JSON.stringify({
            providers: [{ id: "x", kind: "openai", modelInfo: { m: { contextWindow: 0 } } }],
          }),
        }),
      ),
    ).toMatch(/^PARLEY_CONFIG: providers\[0\]\.modelInfo\.m\.contextWindow: /u);
  });
});
