import { describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { loadConfig } from "../config/load-config.ts";
import { chatInit } from "../test/browser-turn.ts";

const app = () =>
  createApp({
    config: loadConfig({ OPENAI_API_KEY: "sk-x", OPENAI_MODELS: "gpt-4o,o3", DEMO_DELAY_MS: "0" }),
    log: () => {},
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
