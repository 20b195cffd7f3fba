import type { ModelInfoSetting } from "../config/types.ts";

export type { ModelInfoSetting };

/**
 * What the proxy knows about one model: from the provider's configuration, else the defaults
 * table (`models/model-families.ts`). Unknown numbers are null, never a guess.
 */
export interface ModelInfo {
  /** Tokens of input and output together, or null when unknown. */
  contextWindow: number | null;
  /** The most tokens one answer may have, or null when unknown. */
  maxOutputTokens: number | null;
  /** Whether it reads images; false when unknown, so an image is never sent where it is lost. */
  vision: boolean;
  /** Whether it accepts `reasoning_effort` (Anthropic: extended thinking); null when unknown. */
  reasoning: boolean | null;
  /** How the proxy maps parameters for the model's family. */
  traits: ModelTraits;
}

/** Parameter rules of a family, from the defaults table. */
export interface ModelTraits {
  /** OpenAI's reasoning models: `max_completion_tokens`, and no temperature, top_p or penalties. */
  openaiReasoning?: boolean;
  /** Takes temperature or top_p, not both (Claude Opus 4.1 and the 4.5 models). */
  oneSamplingParameter?: boolean;
  /** Wants its reasoning back on assistant messages with tool calls (DeepSeek's thinking mode). */
  replayReasoning?: boolean;
}
