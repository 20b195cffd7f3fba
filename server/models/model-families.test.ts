import { describe, expect, it } from "vitest";
import { familyInfo } from "./model-families.ts";

type Expect = [string, number | null, number | null, boolean, boolean | null];

/** Real model names as the providers and gateways list them. */
const KNOWN: Expect[] = [
  ["gpt-4o", 128_000, 16_384, true, false],
  ["gpt-4o-mini-2024-07-18", 128_000, 16_384, true, false],
  ["gpt-4.1-nano", 1_047_576, 32_768, true, false],
  ["gpt-5", 400_000, 128_000, true, true],
  ["gpt-5.1-2025-11-13", 400_000, 128_000, true, true],
  ["gpt-5-chat-latest", 128_000, 16_384, true, false],
  ["gpt-3.5-turbo", 16_385, 4_096, false, false],
  ["gpt-4", 8_192, 8_192, false, false],
  ["o1-mini", 128_000, 65_536, false, false],
  ["o3-mini", 200_000, 100_000, false, true],
  ["o4-mini-2025-04-16", 200_000, 100_000, true, true],
  ["openai/gpt-oss-120b", 131_072, null, false, true],
  ["claude-sonnet-4-5-20250929", 200_000, 64_000, true, true],
  ["claude-opus-4-1-20250805", 200_000, 32_000, true, true],
  ["claude-sonnet-4-20250514", 200_000, 64_000, true, true],
  ["claude-3-7-sonnet-latest", 200_000, 64_000, true, true],
  ["anthropic/claude-3.5-sonnet", 200_000, 8_192, true, false],
  ["claude-3-haiku-20240307", 200_000, 4_096, true, false],
  ["claude-opus-4-7", null, null, true, null],
  ["deepseek-chat", 128_000, 8_192, false, false],
  ["deepseek-reasoner", 128_000, 65_536, false, false],
  ["llama-3.3-70b-versatile", 131_072, null, false, false],
  ["meta-llama/Llama-3.2-90B-Vision-Instruct", 131_072, null, true, false],
  ["llama3.2-vision:11b", 131_072, null, true, false],
  ["meta-llama/llama-4-scout-17b-16e-instruct", null, null, true, false],
  ["llava:13b", null, null, true, null],
  ["Qwen/Qwen2.5-VL-72B-Instruct", null, null, true, null],
  ["qwen2.5:7b", 32_768, 8_192, false, false],
  ["qwen3-32b", null, null, false, null],
  ["mistral-small-latest", 131_072, null, true, false],
  ["mistral:7b", 32_768, null, false, false],
  ["mixtral-8x7b-32768", 32_768, null, false, false],
  ["pixtral-large-latest", 131_072, null, true, false],
  ["gemini-2.5-flash", 1_048_576, 65_536, true, true],
  ["google/gemini-2.0-flash-001", 1_048_576, 8_192, true, false],
  ["gemma3:1b", 32_768, null, false, false],
  ["gemma-3-27b-it", 131_072, null, true, false],
  ["grok-4", 256_000, null, true, false],
  ["grok-3-mini", 131_072, null, false, true],
];

describe("the defaults table of model families", () => {
  it.each(KNOWN)(
    "%s: context %s, answer %s, vision %s, reasoning %s",
    (name, ctx, out, vision, reasoning) => {
      const info = familyInfo(name);
      expect([info.contextWindow, info.maxOutputTokens, info.vision, info.reasoning]).toEqual([
        ctx,
        out,
        vision,
        reasoning,
      ]);
    },
  );

  it("an unknown model is null in every number, cannot read images and may or may not reason", () => {
    for (const name of ["my-finetune", "local", "phi-9", "vendor/unknown-7b"])
      expect(familyInfo(name)).toEqual({
        contextWindow: null,
        maxOutputTokens: null,
        vision: false,
        reasoning: null,
        traits: {},
      });
  });

  it("marks the families whose parameters the proxy maps", () => {
    expect(familyInfo("o3").traits).toEqual({ openaiReasoning: true });
    expect(familyInfo("gpt-5-mini").traits).toEqual({ openaiReasoning: true });
    expect(familyInfo("gpt-4o").traits).toEqual({});
    expect(familyInfo("claude-haiku-4-5").traits).toEqual({ oneSamplingParameter: true });
    expect(familyInfo("claude-sonnet-4-20250514").traits).toEqual({});
    expect(familyInfo("deepseek-reasoner").traits).toEqual({ replayReasoning: true });
    expect(familyInfo("deepseek-chat").traits).toEqual({});
  });

  it("every number it gives is a whole number of tokens, and an answer fits its window", () => {
    for (const [name] of KNOWN) {
      const { contextWindow, maxOutputTokens } = familyInfo(name);
      for (const n of [contextWindow, maxOutputTokens])
        if (n !== null) expect(Number.isInteger(n)).toBe(true);
      if (contextWindow !== null && maxOutputTokens !== null)
        expect(maxOutputTokens).toBeLessThanOrEqual(contextWindow);
    }
  });
});
