import type { AgentConfig } from "../../core/agent-types.ts";

/** The model an agent answers with: its own, else the one picked for the chat, else the demo. */
export function modelFor(agent: AgentConfig, picked: string): string {
  return agent.model || picked || "demo";
}

/** The pipeline stored on a session (`metadata.pipeline`), resolved to known agents; never empty. */
export function resolvePipeline(
  names: unknown,
  agents: AgentConfig[],
  defaultName: string,
): AgentConfig[] {
  const list = Array.isArray(names) ? names.filter((n): n is string => typeof n === "string") : [];
  const found = list
    .map((n) => agents.find((a) => a.name === n))
    .filter((a): a is AgentConfig => a !== undefined);
  if (found.length > 0) return found;
  const fallback = agents.find((a) => a.name === defaultName) ?? agents[0];
  return fallback ? [fallback] : [];
}
