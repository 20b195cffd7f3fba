import type { ModelInfo, ModelTraits } from "../contract/model-info.ts";

/**
 * One row: a pattern for the model's name, its context window and longest answer (null when
 * they depend on the host or are not published), whether it reads images, whether it accepts
 * `reasoning_effort` (null: not known), and its parameter rules.
 */
type Row = [RegExp, number | null, number | null, boolean, boolean | null, ModelTraits?];

const O1: ModelTraits = { openaiReasoning: true };
const ONE: ModelTraits = { oneSamplingParameter: true };
const REPLAY: ModelTraits = { replayReasoning: true };

/**
 * Known defaults for popular models, by the last part of the name (after any `vendor/` of a
 * gateway), lowercase; the first row that matches wins. Configuration overrides every field.
 * Sources: the providers' model pages (OpenAI, Anthropic, DeepSeek, Google, Mistral, xAI) and
 * the models' cards (Llama, Qwen, Gemma). docs/proxy.md shows the table.
 */
const ROWS: Row[] = [
  [/^gpt-5(?:\.\d+)?-chat/, 128_000, 16_384, true, false],
  [/^gpt-5/, 400_000, 128_000, true, true, O1],
  [/^gpt-4\.1/, 1_047_576, 32_768, true, false],
  [/^(?:gpt-4o|chatgpt-4o)/, 128_000, 16_384, true, false],
  [/^gpt-4-(?:turbo|vision)/, 128_000, 4_096, true, false],
  [/^gpt-4-\d{4}-preview/, 128_000, 4_096, false, false],
  [/^gpt-4(?:-0613|-0314)?$/, 8_192, 8_192, false, false],
  [/^gpt-3\.5-turbo/, 16_385, 4_096, false, false],
  [/^gpt-oss/, 131_072, null, false, true],
  [/^o1-mini/, 128_000, 65_536, false, false, O1],
  [/^o1-preview/, 128_000, 32_768, false, false, O1],
  [/^o1/, 200_000, 100_000, true, true, O1],
  [/^o3-mini/, 200_000, 100_000, false, true, O1],
  [/^o3/, 200_000, 100_000, true, true, O1],
  [/^o4-mini/, 200_000, 100_000, true, true, O1],

  [/^claude-(?:opus|sonnet|haiku)-4[.-]5(?!\d)/, 200_000, 64_000, true, true, ONE],
  [/^claude-opus-4[.-]1(?!\d)/, 200_000, 32_000, true, true, ONE],
  [/^claude-(?:opus|sonnet|haiku)-4[.-][2-9](?!\d)/, null, null, true, null, ONE],
  [/^claude-opus-4/, 200_000, 32_000, true, true],
  [/^claude-sonnet-4/, 200_000, 64_000, true, true],
  [/^claude-3[.-]7-sonnet/, 200_000, 64_000, true, true],
  [/^claude-3[.-]5-(?:sonnet|haiku)/, 200_000, 8_192, true, false],
  [/^claude-3-(?:opus|sonnet|haiku)/, 200_000, 4_096, true, false],
  [/^claude-2[.-]1/, 200_000, 4_096, false, false],
  [/^claude-(?:2|instant)/, 100_000, 4_096, false, false],
  [/^claude-/, null, null, true, null],

  [/^deepseek-reasoner/, 128_000, 65_536, false, false, REPLAY],
  [/^deepseek-chat/, 128_000, 8_192, false, false],
  [/^deepseek-v(?:4|3[.-]2)/, null, null, false, true, REPLAY],
  [/^deepseek/, null, null, false, null],

  [/llama-?3[.-]2-(?:11|90)b-vision|^llama3\.2-vision/, 131_072, null, true, false],
  [/^(?:meta-)?llama-?4/, null, null, true, false],
  [/^(?:meta-)?llama-?3[.-][123]/, 131_072, null, false, false],
  [/^(?:meta-)?llama-?3/, 8_192, null, false, false],
  [/^(?:meta-)?llama-?2/, 4_096, null, false, false],
  [/^(?:bak)?llava|^moondream|^minicpm-v/, null, null, true, null],

  [/^qwen[\d.]*-?vl|^qvq/, null, null, true, null],
  [/^qwq/, 131_072, null, false, null],
  [/^qwen2[.-]5/, 32_768, 8_192, false, false],
  [/^qwen/, null, null, false, null],

  [/^pixtral/, 131_072, null, true, false],
  [/^mistral-(?:small|medium)/, 131_072, null, true, false],
  [/^mistral-large/, 131_072, null, false, false],
  [/^codestral/, 256_000, null, false, false],
  [/^(?:open-)?mixtral-8x22b/, 65_536, null, false, false],
  [/^(?:open-)?(?:mixtral|mistral-7b|mistral-tiny|mistral(?::|$))/, 32_768, null, false, false],
  [/^(?:ministral|mistral|magistral)/, null, null, false, null],

  [/^gemini-2[.-]5-(?:pro|flash)/, 1_048_576, 65_536, true, true],
  [/^gemini-2[.-]0-flash/, 1_048_576, 8_192, true, false],
  [/^gemini-1[.-]5-pro/, 2_097_152, 8_192, true, false],
  [/^gemini-1[.-]5-flash/, 1_048_576, 8_192, true, false],
  [/^gemini/, null, null, true, null],
  [/^gemma-?3[-:]?(?:1b|270m)/, 32_768, null, false, false],
  [/^gemma-?3/, 131_072, null, true, false],
  [/^gemma/, 8_192, null, false, false],

  [/^grok-4/, 256_000, null, true, false],
  [/^grok-3-mini/, 131_072, null, false, true],
  [/^grok-3/, 131_072, null, false, false],
  [/^grok-(?:2-)?vision/, 32_768, null, true, false],
  [/^grok/, null, null, false, null],

  [/^kimi-k2-thinking/, 262_144, null, false, null, REPLAY],
  [/^kimi/, null, null, false, null],
];

/** The defaults of a model with no row: nothing known, and no images. */
export const UNKNOWN_MODEL: ModelInfo = {
  contextWindow: null,
  maxOutputTokens: null,
  vision: false,
  reasoning: null,
  traits: {},
};

/** The defaults table's entry for a model name (the upstream's name, a gateway's vendor/ allowed). */
export function familyInfo(model: string): ModelInfo {
  const name = (model.split("/").at(-1) ?? model).toLowerCase();
  for (const [pattern, contextWindow, maxOutputTokens, vision, reasoning, traits] of ROWS)
    if (pattern.test(name))
      return { contextWindow, maxOutputTokens, vision, reasoning, traits: traits ?? {} };
  return UNKNOWN_MODEL;
}
