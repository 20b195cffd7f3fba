import type { RunContext } from "../agent-types.ts";
import { titleFromAnswer } from "../generated-title.ts";
import { readResponse } from "./read-response.ts";
import { type FirstExchange, titleRequest } from "./title-request.ts";

/**
 * Asks `model` for a short title of a conversation from its first exchange, not streamed to the
 * log. Returns the cleaned title, or null to keep `fallback` (the first line of the question):
 * the call failed or was stopped, the answer was empty, or it was that line again.
 */
export async function askTitle(
  model: string,
  exchange: FirstExchange & { fallback: string },
  ctx: Pick<RunContext, "model" | "clock" | "randomBytes" | "signal">,
): Promise<string | null> {
  const response = await readResponse(titleRequest(model, exchange), ctx, "", async () => {});
  if (response.error) return null;
  return titleFromAnswer(response.text, exchange.fallback);
}
