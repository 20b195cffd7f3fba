import { describe, expect, it } from "vitest";
import { answerReserve, modelFacts } from "./model-facts.ts";

describe("answerReserve", () => {
  it("leaves the model's maximum output for the answer", () => {
    expect(answerReserve(modelFacts(128_000, 16_384))).toBe(16_384);
    expect(answerReserve(modelFacts(8_192, 2_048))).toBe(2_048);
  });

  it("never more than a quarter of the window, so a question always has room", () => {
    expect(answerReserve(modelFacts(8_192, 8_192))).toBe(2_048);
  });

  it("takes the conversation's max tokens when they are set, since the provider counts them", () => {
    expect(answerReserve(modelFacts(8_192, 2_048), 500)).toBe(500);
    expect(answerReserve(modelFacts(8_192, 2_048), null)).toBe(2_048);
  });
});

describe("modelFacts", () => {
  it("keeps a small window's answer inside it when the maximum output is unknown", () => {
    expect(modelFacts(1_000, null)).toEqual({
      contextWindow: 1_000,
      maxOutputTokens: 1_000,
      known: true,
    });
  });
});
