import { applySettings } from "../../core/agent/apply-settings.ts";
import type { AgentConfig, RequestContext } from "../../core/agent-types.ts";
import type { Session } from "../../core/session.ts";
import { path } from "../../core/tree.ts";
import type { ContextService } from "../context/context-service.ts";

/**
 * How `stage` fits its requests in `current` (nothing without a context service): its path is
 * counted in the background, and the answer's room is the max tokens the conversation, or else
 * the agent, asks for.
 */
export async function fittingFor(
  context: Pick<ContextService, "forRun" | "count"> | undefined,
  id: string,
  stage: AgentConfig,
  current: Session,
): Promise<{ context?: RequestContext }> {
  if (!context) return {};
  const settled = applySettings(stage, current.settings);
  const fitting = await context.forRun(id, stage.model, settled.maxTokens);
  void context.count(path(current), fitting.window, { agent: settled }).catch(() => undefined);
  return { context: fitting };
}
