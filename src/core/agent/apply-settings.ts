import type { AgentConfig } from "../agent-types.ts";
import { type ConversationSettings, compactSettings } from "../conversation-settings.ts";

/**
 * The agent as it runs in a conversation with these settings: each set parameter in place of the
 * agent's own, and a set system prompt in place of its instructions. How the conversation is
 * fitted (`overflow`) is the run's concern, not the agent's.
 */
export function applySettings(
  agent: AgentConfig,
  settings: ConversationSettings | undefined,
): AgentConfig {
  if (!settings) return agent;
  const { systemPrompt, overflow: _runOnly, ...params } = settings;
  return {
    ...agent,
    ...compactSettings(params),
    ...(systemPrompt !== undefined ? { instructions: systemPrompt } : {}),
  };
}
