import type { ImageReader } from "../../core/attachments/attachment.ts";
import type { CoreEnv } from "../../core/env.ts";
import type { ModelClient } from "../../core/model.ts";
import type { ToolRegistry } from "../../core/tool-registry.ts";
import type { SessionRepository } from "../../persistence/repository.ts";
import type { ContextService } from "../context/context-service.ts";
import type { FrameScheduler, Timers } from "../ports.ts";
import type { SessionCache } from "../sessions/session-cache.ts";
import type { AgentLoop } from "./agent-loop.ts";
import type { RunClaims } from "./run-claims.ts";
import type { Titles } from "./titles.ts";

/** What the run coordinator works with: storage, the model, tools, time and the context's fit. */
export interface RunCoordinatorPorts {
  sessions: Pick<SessionCache, "load" | "commit">;
  claims: Pick<RunClaims, "claim">;
  repository: Pick<SessionRepository, "checkpoint">;
  model: ModelClient;
  /** The agent loop: in the browser a chunk of its own, loaded at the first send. */
  agentLoop(): Promise<AgentLoop>;
  /** The tools that run; absent, the agent loop's built-in ones. */
  tools?: ToolRegistry | undefined;
  env: CoreEnv;
  /** The timers of the checkpoints' delays; the browser's when absent. */
  timers?: Timers | undefined;
  /** When streamed text is applied: as it comes when absent. */
  frames?: FrameScheduler | undefined;
  /** Reads a stored image for the request; without it images go as named gaps. */
  readImage?: ImageReader | undefined;
  /** Fits each request into its model's window; without it every request sends the whole path. */
  context?: Pick<ContextService, "forRun" | "count"> | undefined;
  /** Names a conversation after its first answer; without it the first line stays. */
  titles?: Pick<Titles, "afterFirstAnswer"> | undefined;
}
