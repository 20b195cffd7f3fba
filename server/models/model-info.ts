import type { ProviderConfig } from "../config/types.ts";
import type { ModelInfo, ModelInfoSetting } from "../contract/model-info.ts";
import { familyInfo } from "./model-families.ts";

/** The demo model: its context window is 8,192 tokens, it reads images and takes every parameter. */
export const DEMO_MODEL_INFO: ModelInfo = {
  contextWindow: 8_192,
  maxOutputTokens: 2_048,
  vision: true,
  reasoning: true,
  traits: {},
};

/**
 * A provider's `modelInfo` settings that apply to a model, merged: `"*"` first, then keys
 * ending in `*` (a prefix; longer prefixes later), then the model's own name.
 */
function settingFor(settings: Record<string, ModelInfoSetting>, model: string): ModelInfoSetting {
  const matching = Object.keys(settings)
    .filter((key) => (key.endsWith("*") ? model.startsWith(key.slice(0, -1)) : key === model))
    .sort((a, b) => rank(a) - rank(b));
  return Object.assign({}, ...matching.map((key) => settings[key]));
}

const rank = (key: string) => (key.endsWith("*") ? key.length : Number.POSITIVE_INFINITY);

/** What `/v1/models` and the parameter mapping know about a model: configuration, then the defaults table. */
export function modelInfoFor(provider: ProviderConfig, model: string): ModelInfo {
  if (provider.kind === "demo") return DEMO_MODEL_INFO;
  const info = { ...familyInfo(model) };
  const setting = settingFor(provider.modelInfo, model);
  if (setting.vision !== undefined) info.vision = setting.vision;
  if (setting.reasoning !== undefined) info.reasoning = setting.reasoning;
  if (setting.contextWindow !== undefined) info.contextWindow = setting.contextWindow;
  if (setting.maxOutputTokens !== undefined) info.maxOutputTokens = setting.maxOutputTokens;
  return info;
}
