import { MAX_AGENT_NAME, MAX_AGENT_STEPS } from "../../core/agent-schema.ts";
import type { AgentConfig } from "../../core/agent-types.ts";
import { checkSettings } from "../../core/conversation-settings.ts";

export { MAX_AGENT_STEPS };

export type AgentField =
  | "name"
  | "instructions"
  | "model"
  | "tools"
  | "maxSteps"
  | "temperature"
  | "topP"
  | "maxTokens"
  | "reasoningEffort";
export interface AgentProblem {
  field: AgentField;
  code: "nameEmpty" | "nameTaken" | "nameTooLong" | "stepsRange" | "unknownTool" | "paramRange";
}

export function isBuiltinName(builtins: readonly AgentConfig[], name: string): boolean {
  return builtins.some((b) => b.name === name);
}

/** The built-ins (each as stored when the user edited it), then the user's own. */
export function mergeAgents(
  builtins: readonly AgentConfig[],
  stored: AgentConfig[],
): AgentConfig[] {
  const byName = new Map(stored.map((a) => [a.name, a]));
  const base = builtins.map((b) => byName.get(b.name) ?? { ...b, model: "" });
  return [...base, ...stored.filter((a) => !isBuiltinName(builtins, a.name))];
}

export function checkAgent(
  agent: AgentConfig,
  others: AgentConfig[],
  toolNames: string[],
): AgentProblem | null {
  const name = agent.name.trim();
  if (name === "") return { field: "name", code: "nameEmpty" };
  if (name.length > MAX_AGENT_NAME) return { field: "name", code: "nameTooLong" };
  if (others.some((a) => a.name === name)) return { field: "name", code: "nameTaken" };
  if (!Number.isInteger(agent.maxSteps) || agent.maxSteps < 1 || agent.maxSteps > MAX_AGENT_STEPS) {
    return { field: "maxSteps", code: "stepsRange" };
  }
  if (agent.tools.some((t) => !toolNames.includes(t)))
    return { field: "tools", code: "unknownTool" };
  const { temperature, topP, maxTokens, reasoningEffort } = agent;
  const params = checkSettings({ temperature, topP, maxTokens, reasoningEffort });
  const field = params.ok ? null : params.error.field;
  if (field !== null && field !== "systemPrompt" && field !== "overflow")
    return { field, code: "paramRange" };
  return null;
}
