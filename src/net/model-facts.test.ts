import { describe, expect, it } from "vitest";
import { DEFAULT_MODEL_FACTS } from "../core/context/model-facts.ts";
import { fakeFetch, jsonResponse } from "../test/fake-fetch.ts";
import { fetchModels, modelFactsFor } from "./models-query.ts";

const listed = (data: unknown[]) => {
  const fetch = fakeFetch(() => jsonResponse({ object: "list", data }));
  return fetchModels({ baseUrl: "", getAccessToken: () => undefined, fetch });
};

describe("the models' limits from /v1/models", () => {
  it("reads a model's context window and maximum output", async () => {
    const listing = await listed([
      { id: "demo", object: "model", context_window: 8192, max_output_tokens: 2048 },
      { id: "openai/gpt-4o", object: "model", context_window: 128000, max_output_tokens: 16384 },
    ]);
    expect(modelFactsFor(listing, "openai/gpt-4o")).toEqual({
      contextWindow: 128000,
      maxOutputTokens: 16384,
      known: true,
    });
  });

  it("takes the documented defaults for a model not listed, or before the list loaded", async () => {
    const listing = await listed([{ id: "demo", object: "model" }]);
    expect(modelFactsFor(listing, "other")).toEqual(DEFAULT_MODEL_FACTS);
    expect(modelFactsFor(undefined, "demo")).toEqual(DEFAULT_MODEL_FACTS);
    expect(DEFAULT_MODEL_FACTS).toMatchObject({ contextWindow: 8192, known: false });
  });

  it("reads a limit that is null, negative or not a number as unknown, keeping the model", async () => {
    const listing = await listed([
      { id: "a", context_window: null, max_output_tokens: 1000 },
      { id: "b", context_window: -5, max_output_tokens: "many" },
      { id: "c", context_window: 4096, max_output_tokens: null },
    ]);
    expect(listing.models.map((m) => m.id)).toEqual(["a", "b", "c"]);
    expect(modelFactsFor(listing, "a")).toEqual({
      contextWindow: 8192,
      maxOutputTokens: 1000,
      known: false,
    });
    expect(modelFactsFor(listing, "b")).toEqual(DEFAULT_MODEL_FACTS);
    expect(modelFactsFor(listing, "c")).toEqual({
      contextWindow: 4096,
      maxOutputTokens: 2048,
      known: true,
    });
  });
});
