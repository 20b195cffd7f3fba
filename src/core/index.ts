export { type Agent, createAgent } from "./agent/create-agent.ts";
export { buildModelRequest } from "./agent/request.ts";
export { runTurn } from "./agent/run-turn.ts";
export type {
  AgentConfig,
  AgentEvent,
  RunContext,
  Step,
  StepError,
  TurnResult,
} from "./agent-types.ts";
export {
  assistantAgent,
  builtinAgents,
  defaultAgent,
  findBuiltinAgent,
  summarizerAgent,
  translatorAgent,
} from "./agents.ts";
export * from "./codec/index.ts";
export * from "./context/index.ts";
export type { Clock, CoreEnv, RandomBytes } from "./env.ts";
export { ID_PATTERN, newId } from "./id.ts";
export type { JsonObject, JsonValue } from "./json.ts";
export { validateJsonSchema } from "./json-schema.ts";
export { cloneJson, findJsonProblem, formatJsonPath, isJsonObject } from "./json-value.ts";
export type { Message, MessageStatus, Role, Timing, ToolCall, Usage } from "./message.ts";
export type {
  FinishReason,
  ModelClient,
  ModelError,
  ModelErrorKind,
  ModelEvent,
  ModelRequest,
} from "./model.ts";
export {
  append,
  type CreateSessionOptions,
  createSession,
  isoTime,
  type Session,
  type SessionMetadata,
} from "./session.ts";
export {
  applyTurn,
  removeMessages,
  rename,
  replaceMessage,
  setMetadata,
  setState,
  upsertMessage,
} from "./session-ops.ts";
export { type SessionSummary, summarize } from "./session-summary.ts";
export { cleanTitle, deriveTitle } from "./title.ts";
export type { Tool, ToolContext } from "./tool.ts";
export { runToolCall, type ToolCallOutcome } from "./tool-call.ts";
export { builtinToolRegistry, createToolRegistry, type ToolRegistry } from "./tool-registry.ts";
export * from "./tools/index.ts";
