import * as z from "zod/mini";
import type { AgentConfig } from "./agent-types.ts";
import { compactSettings, samplingShape } from "./conversation-settings.ts";

export const MAX_AGENT_NAME = 80;
export const MAX_AGENT_STEPS = 50;

/** An agent as stored (the user's own, or an edited built-in); unknown fields are dropped. */
export const agentConfigSchema = z.object({
  name: z.string().check(
    z.maxLength(MAX_AGENT_NAME),
    z.refine((name) => name.trim() !== ""),
  ),
  instructions: z.string(),
  model: z.string(),
  tools: z.array(z.string()),
  maxSteps: z.int().check(z.gte(1), z.lte(MAX_AGENT_STEPS)),
  ...samplingShape,
});

/** One agent read from storage or another device, checked against the schema; malformed, null. */
export function readAgent(raw: unknown): AgentConfig | null {
  const parsed = agentConfigSchema.safeParse(raw);
  if (!parsed.success) return null;
  const { temperature, topP, maxTokens, reasoningEffort, ...agent } = parsed.data;
  return { ...agent, ...compactSettings({ temperature, topP, maxTokens, reasoningEffort }) };
}
