/** What the app knows of a model's limits, from the proxy's `/v1/models` or the defaults. */
export interface ModelFacts {
  /** Tokens of input and output together. */
  contextWindow: number;
  /** The most tokens one answer may have. */
  maxOutputTokens: number;
  /** False when the proxy did not say, and the numbers are {@link DEFAULT_MODEL_FACTS}. */
  known: boolean;
}

/**
 * For a model the proxy does not describe: 8,192 tokens is the smallest window of the models in
 * common use (and the demo's), so a fit made for it holds almost everywhere; 2,048 for the answer.
 */
export const DEFAULT_MODEL_FACTS: ModelFacts = {
  contextWindow: 8_192,
  maxOutputTokens: 2_048,
  known: false,
};

/**
 * A model whose window is its maximum output (some lists say so) would leave no room for the
 * question, so the answer's room is at most this share of the window.
 */
const MAX_RESERVE_SHARE = 0.25;

/**
 * Tokens a request leaves free for the answer: the conversation's max tokens when it sets them
 * (a provider counts them against the window), else the model's maximum output, at most a
 * quarter of the window.
 */
export function answerReserve(facts: ModelFacts, maxTokens?: number | null): number {
  if (maxTokens !== undefined && maxTokens !== null && maxTokens > 0) return maxTokens;
  return Math.min(facts.maxOutputTokens, Math.floor(facts.contextWindow * MAX_RESERVE_SHARE));
}

/** The facts from what a model list says, each unknown number from the defaults. */
export function modelFacts(
  contextWindow: number | null | undefined,
  maxOutputTokens: number | null | undefined,
): ModelFacts {
  const window = contextWindow ?? null;
  const output = maxOutputTokens ?? null;
  return {
    contextWindow: window ?? DEFAULT_MODEL_FACTS.contextWindow,
    maxOutputTokens: output ?? Math.min(DEFAULT_MODEL_FACTS.maxOutputTokens, window ?? Infinity),
    known: window !== null,
  };
}
