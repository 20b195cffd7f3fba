import type { AgentConfig } from "../../core/agent-types.ts";
import type { Message } from "../../core/message.ts";
import type { Session } from "../../core/session.ts";
import type { AppState } from "../../store/app-state.ts";

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

/**
 * The agents that answer a message of `session`, in order, each with the model it uses; none
 * when no agent is configured.
 */
export function stagesFor(
  state: Pick<AppState, "settings" | "agents">,
  session: Session,
): AgentConfig[] {
  const { settings, agents } = state;
  const stages = resolvePipeline(session.metadata.pipeline, agents, settings.agent);
  return stages.map((a) => ({ ...a, model: modelFor(a, settings.model) }));
}

/**
 * The stages that go on with `answer`: the agent that wrote it, else the pipeline's last; none
 * when no agent is configured (the run then fails with `no_agent`).
 */
export function continuingStages(stages: AgentConfig[], answer: Message): AgentConfig[] {
  const stage = stages.find((s) => s.name === answer.agent) ?? stages.at(-1);
  return stage ? [stage] : [];
}
