import type { ContextFullCause } from "./answer-error.ts";
import type { Attachment, ImageReader } from "./attachments/attachment.ts";
import type { Fit } from "./context/fit-request.ts";
import type { TokenSizes } from "./context/token-count.ts";
import type { SamplingParams } from "./conversation-settings.ts";
import type { Clock, RandomBytes } from "./env.ts";
import type { JsonObject } from "./json.ts";
import type { Message, ToolCall, Usage } from "./message.ts";
import type { FinishReason, ModelClient, ModelError } from "./model.ts";
import type { ToolRegistry } from "./tool-registry.ts";

/**
 * An Agent is configuration only; it holds no conversation. Its sampling parameters are the
 * defaults of every conversation it runs in (absent: not sent, the model's own).
 */
export interface AgentConfig extends SamplingParams {
  name: string;
  /** The system prompt. */
  instructions: string;
  /** Model id as the proxy lists it, e.g. `demo` or `openai/gpt-4o`. */
  model: string;
  /** Names of tools from the registry this agent may call. */
  tools: string[];
  /** Model calls allowed in one turn before it ends with an error step. */
  maxSteps: number;
}

/** Why a turn ended without an answer, when the model call itself did not fail. */
export type TurnError =
  | { code: "nothing_to_answer" | "no_cut_answer" }
  | { code: "step_limit"; agent: string; maxSteps: number }
  | { code: "context_full"; cause: ContextFullCause }
  | {
      code: "unstorable_tool_call" | "length_in_tool_call" | "tool_while_continuing";
      tools: string[];
    };

/** Why a turn ended without an answer: a model error, or the turn's own (codes, never sentences). */
export type StepError = ModelError | TurnError;

export type Step =
  | {
      type: "tool_call";
      call: ToolCall;
      result: string;
      isError: boolean;
      durationMs: number;
    }
  | { type: "final"; content: string }
  | { type: "error"; error: StepError };

export type AgentEvent =
  /** A message is complete and belongs to the history now (system prompt, user input, answers, tool results). */
  | { type: "message"; message: Message }
  | { type: "text"; delta: string; messageId: string }
  | { type: "reasoning"; delta: string; messageId: string }
  | { type: "tool_call"; call: ToolCall }
  | { type: "tool_result"; callId: string; result: string; isError: boolean; durationMs: number }
  | { type: "usage"; usage: Usage }
  | { type: "finish"; reason: FinishReason }
  | { type: "error"; error: StepError }
  | { type: "state"; state: JsonObject }
  /** What the run is doing before an answer streams (`null`: nothing to say any more). */
  | { type: "activity"; activity: RunActivity | null };

/** A step of a run that takes a while and shows no text: the model writing a summary. */
export type RunActivity = "summarizing";

/** What the user sends: the typed text and the files it carries. */
export interface UserInput {
  text: string;
  attachments?: readonly Attachment[];
}

/** How each request of a turn is fitted into the model's context window. */
export interface RequestContext {
  /** The model's context window, in tokens. */
  window: number;
  /** Tokens left for the answer. */
  reserve: number;
  /** The counts known now; fitting never waits for a tokenizer. */
  sizes: TokenSizes;
  /** Hears what each request sent (where the model's view begins). */
  onFit?: (fit: Fit) => void;
}

export interface RunContext {
  model: ModelClient;
  clock: Clock;
  randomBytes: RandomBytes;
  signal?: AbortSignal;
  /** Reads the history's images by hash for the request; without it images go as named gaps. */
  readImage?: ImageReader;
  /** The tools the agent's names refer to; the built-in tools when absent. */
  tools?: ToolRegistry;
  /** Fits each request into the model's window; without it every request sends the whole path. */
  context?: RequestContext;
  /** Awaited: a `message` event is persisted before the turn goes on. If it throws, `runTurn` rejects with that error. */
  onEvent?: (event: AgentEvent) => void | Promise<void>;
}

export interface TurnResult {
  /** The messages this turn added to the history, in order (system prompt, user input, answers, tool results). */
  messages: Message[];
  steps: Step[];
  /** The final answer, or null when the turn ended in an error or was interrupted. */
  final: string | null;
  /** The session's state after the tools ran. */
  state: JsonObject;
}
