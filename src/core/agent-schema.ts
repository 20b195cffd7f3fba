import * as z from "zod/mini";

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
});
