import { describe, expect, it } from "vitest";
import { DEMO_PROVIDER, type ProviderConfig } from "../config/types.ts";
import { modelInfoFor } from "./model-info.ts";

const provider = (modelInfo: ProviderConfig["modelInfo"]): ProviderConfig => ({
  ...DEMO_PROVIDER,
  id: "local",
  kind: "openai",
  baseUrl: "http://127.0.0.1:11434/v1",
  models: "discover",
  modelInfo,
});

describe("what the proxy knows of a model", () => {
  it("the demo model: a context window of 8,192 tokens, reads images, takes reasoning_effort", () => {
    expect(modelInfoFor(DEMO_PROVIDER, "demo")).toMatchObject({
      contextWindow: 8_192,
      vision: true,
      reasoning: true,
    });
  });

  it("configuration overrides the table field by field: the model's name, then a prefix, then *", () => {
    const local = provider({
      "*": { contextWindow: 4_096 },
      "my-*": { vision: true, maxOutputTokens: 1_000 },
      "my-v*": { maxOutputTokens: 2_000 },
      "my-vision-model": { reasoning: false },
      "gpt-4o": { contextWindow: 64_000 },
    });
    expect(modelInfoFor(local, "my-vision-model")).toEqual({
      contextWindow: 4_096,
      maxOutputTokens: 2_000,
      vision: true,
      reasoning: false,
      traits: {},
    });
    expect(modelInfoFor(local, "other")).toMatchObject({ contextWindow: 4_096, vision: false });
    expect(modelInfoFor(local, "gpt-4o")).toMatchObject({
      contextWindow: 64_000,
      maxOutputTokens: 16_384,
      vision: true,
    });
  });

  it("a model the table calls text-only can be told it reads images, and the other way round", () => {
    expect(modelInfoFor(provider({ "qwen2.5:7b": { vision: true } }), "qwen2.5:7b").vision).toBe(
      true,
    );
    expect(modelInfoFor(provider({ "gpt-4o": { vision: false } }), "gpt-4o").vision).toBe(false);
  });
});
