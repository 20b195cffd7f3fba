import * as z from "zod";
import { samplingShape } from "./conversation-settings.ts";

export const MAX_AGENT_NAME = 80;
export const MAX_AGENT_STEPS = 50;

/** An agent as stored (the user's own, or an edited built-in); unknown fields are dropped. */
export const agentConfigSchema = z.object({
  name: z
    .string()
    .max(MAX_AGENT_NAME)
    .refine((name) => name.trim() !== ""),
  instructions: z.string(),
  model: z.string(),
  tools: z.array(z.string()),
  maxSteps: z.int().min(1).max(MAX_AGENT_STEPS),
  ...samplingShape,
});
