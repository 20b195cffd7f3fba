import type { MessageKey } from "../i18n/en.ts";

export interface ProxyView {
  healthError: boolean;
  healthLoading: boolean;
  accessTokenRequired: boolean;
  hasAccessToken: boolean;
  /** Ids the proxy offers, or null while unknown. */
  models: string[] | null;
  /** The model the next answer would use. */
  model: string;
}

export type SendBlock = { key: MessageKey; vars?: Record<string, string> } | null;

/** Why Send is disabled now, in words that say what to do; null when sending is possible. */
export function sendBlock(view: ProxyView): SendBlock {
  if (view.healthError) return { key: "proxyUnreachable" };
  if (view.accessTokenRequired && !view.hasAccessToken) return { key: "proxyTokenNeeded" };
  if (view.models !== null && view.models.length === 0) return { key: "proxyNoModels" };
  if (view.models !== null && view.model !== "" && !view.models.includes(view.model)) {
    return { key: "proxyModelGone", vars: { model: view.model } };
  }
  return null;
}
