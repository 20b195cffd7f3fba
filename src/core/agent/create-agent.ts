import type { AgentConfig, RunContext, TurnResult } from "../agent-types.ts";
import type { Session } from "../session.ts";
import { runTurn } from "./run-turn.ts";

/** An agent bound to its configuration. It holds no conversation: every turn takes the session. */
export interface Agent {
  readonly config: AgentConfig;
  runTurn(session: Session, input: string | null, ctx: RunContext): Promise<TurnResult>;
}

/** Binds `runTurn` to `config`; cheap, so the store may create one per turn. */
export function createAgent(config: AgentConfig): Agent {
  return {
    config,
    runTurn: (session, input, ctx) => runTurn(config, session, input, ctx),
  };
}
