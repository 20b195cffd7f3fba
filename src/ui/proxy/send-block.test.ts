import { describe, expect, it } from "vitest";
import { type ProxyView, sendBlock } from "./send-block.ts";

const ok: ProxyView = {
  healthError: false,
  healthLoading: false,
  accessTokenRequired: false,
  hasAccessToken: false,
  models: ["demo"],
  model: "demo",
};

describe("sendBlock", () => {
  it("allows sending when the proxy is up and offers the model", () => {
    expect(sendBlock(ok)).toBeNull();
    expect(sendBlock({ ...ok, models: null })).toBeNull();
  });

  it("names the reason: unreachable proxy, missing token, no models, a model gone", () => {
    expect(sendBlock({ ...ok, healthError: true })?.key).toBe("proxyUnreachable");
    expect(sendBlock({ ...ok, accessTokenRequired: true })?.key).toBe("proxyTokenNeeded");
    expect(sendBlock({ ...ok, models: [] })?.key).toBe("proxyNoModels");
    expect(sendBlock({ ...ok, model: "openai/gone" })).toEqual({
      key: "proxyModelGone",
      vars: { model: "openai/gone" },
    });
  });
});

describe("sendBlock with the agents' own models", () => {
  it("names a model an agent of the pipeline set that the proxy no longer offers", () => {
    expect(sendBlock({ ...ok, agentModels: ["", "demo"] })).toBeNull();
    expect(sendBlock({ ...ok, agentModels: ["", "openai/old"] })).toEqual({
      key: "proxyModelGone",
      vars: { model: "openai/old" },
    });
  });

  it("names the picked model first, and waits while the list is unknown", () => {
    expect(sendBlock({ ...ok, model: "a/gone", agentModels: ["b/gone"] })?.vars).toEqual({
      model: "a/gone",
    });
    expect(sendBlock({ ...ok, models: null, agentModels: ["b/gone"] })).toBeNull();
  });
});
