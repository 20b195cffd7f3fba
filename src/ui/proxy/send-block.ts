import type { StartKey } from "../i18n/en.ts";

export interface ProxyView {
  healthError: boolean;
  healthLoading: boolean;
  accessTokenRequired: boolean;
  hasAccessToken: boolean;
  /** Ids the proxy offers, or null while unknown. */
  models: string[] | null;
  /** The model picked for the chat. */
  model: string;
  /** The models the agents of the next answer set for themselves ("" = the picked one). */
  agentModels?: readonly string[];
}

export type SendBlock = { key: StartKey; vars?: Record<string, string> } | null;

/** Why Send is disabled now, in words that say what to do; null when sending is possible. */
export function sendBlock(view: ProxyView): SendBlock {
  if (view.healthError) return { key: "proxyUnreachable" };
  if (view.accessTokenRequired && !view.hasAccessToken) return { key: "proxyTokenNeeded" };
  const offered = view.models;
  if (offered === null) return null;
  if (offered.length === 0) return { key: "proxyNoModels" };
  const wanted = [view.model, ...(view.agentModels ?? [])];
  const gone = wanted.find((m) => m !== "" && !offered.includes(m));
  return gone === undefined ? null : { key: "proxyModelGone", vars: { model: gone } };
}
