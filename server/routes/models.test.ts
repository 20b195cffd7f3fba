import { describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { loadConfig } from "../config/load-config.ts";
import { chatInit } from "../test/browser-turn.ts";

const app = () =>
  createApp({
    config: loadConfig({ OPENAI_API_KEY: "sk-x", OPENAI_MODELS: "gpt-4o,o3", DEMO_DELAY_MS: "0" }),
    log: () => {},
  });

describe("GET /v1/models/{id}", () => {
  it("answers a listed model as the list shows it, with its slash written as is or encoded", async () => {
    const a = app();
    const list = (await (await a.request("/v1/models")).json()) as { data: unknown[] };
    for (const path of ["/v1/models/openai/gpt-4o", "/v1/models/openai%2Fgpt-4o"]) {
      const response = await a.request(path);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual(list.data[0]);
    }
    expect(await (await a.request("/v1/models/demo")).json()).toMatchObject({ id: "demo" });
  });

  it("a model not on offer is 404 model_not_found, naming where to look", async () => {
    const response = await app().request("/v1/models/openai/gpt-none");
    expect(response.status).toBe(404);
    const { error } = (await response.json()) as { error: Record<string, unknown> };
    expect(error).toMatchObject({ type: "model_not_found", status: 404 });
    expect(error.message).toContain("GET /v1/models");
  });
});

describe("what /v1/models says of each model", () => {
  it("context window, longest answer, vision and reasoning, from the defaults table and configuration", async () => {
    const a = createApp({
      config: loadConfig({
        OPENAI_API_KEY: "sk-x",
        OPENAI_MODELS: "gpt-4o,o3,my-model,llava:7b",
        OPENAI_MODEL_INFO: '{"llava*": {"contextWindow": 4096}}',
      }),
      log: () => {},
    });
    const list = (await (await a.request("/v1/models")).json()) as { data: unknown[] };
    const fields = ["id", "context_window", "max_output_tokens", "vision", "reasoning"] as const;
    const shown = list.data.map((m) => fields.map((key) => (m as Record<string, unknown>)[key]));
    expect(shown).toEqual([
      ["openai/gpt-4o", 128_000, 16_384, true, false],
      ["openai/o3", 200_000, 100_000, true, true],
      ["openai/my-model", null, null, false, null],
      ["openai/llava:7b", 4096, null, true, null],
      ["demo", 8192, 2048, true, true],
    ]);
    expect(await (await a.request("/v1/models/openai%2Fo3")).json()).toEqual(list.data[1]);
  });
});

describe("model_not_found", () => {
  it('carried "provider": "" where docs/proxy.md promises null, when no provider matches', async () => {
    const response = await app().request(
      "/v1/chat/completions",
      chatInit({ model: "nope/x", messages: [{ role: "user", content: "hi" }] }),
    );
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({
      error: { type: "model_not_found", provider: null },
    });
  });

  it("names the provider when it is known but does not offer the model", async () => {
    const response = await app().request(
      "/v1/chat/completions",
      chatInit({ model: "openai/gpt-none", messages: [{ role: "user", content: "hi" }] }),
    );
    expect(await response.json()).toMatchObject({
      error: { type: "model_not_found", provider: "openai" },
    });
  });
});
