import { cutTo, LIMITS } from "./codec/limits.ts";

/**
 * What can fail on the model path below the UI, as codes; the UI has the words for each.
 * Model calls fail with the first six, a turn with the next seven, and a stored answer also
 * with `answer_too_long`.
 */
export const MODEL_ERROR_CODES = [
  /** The caller stopped the request. */
  "aborted",
  /** The proxy could not be reached. */
  "unreachable",
  /** The connection dropped, or the stream ended before the model said why it stopped. */
  "connection_lost",
  /** The proxy or the upstream answered with an error status (`status`). */
  "http_status",
  /** The provider reported an error inside the stream. */
  "stream_error",
  /** The answer could not be read: no body, not JSON, an event too large, a client that threw. */
  "bad_response",
] as const;

export const TURN_ERROR_CODES = [
  /** No user message and no answer to go on from. */
  "nothing_to_answer",
  /** Continue was asked for an answer that was not cut off. */
  "no_cut_answer",
  /** The agent (`agent`) used all its model calls (`maxSteps`) without an answer. */
  "step_limit",
  /** The request cannot fit the model's context (`cause`). */
  "context_full",
  /** The model asked for calls (`tools`) past the codec's limits, so none was run. */
  "unstorable_tool_call",
  /** The length limit cut the answer while it wrote calls (`tools`), so none was run. */
  "length_in_tool_call",
  /** The model asked for tools (`tools`) while continuing an answer; none was run. */
  "tool_while_continuing",
] as const;

export const ANSWER_ERROR_CODES = [
  ...MODEL_ERROR_CODES,
  ...TURN_ERROR_CODES,
  /** The answer was longer than the content limit (`limit` characters) and was cut there. */
  "answer_too_long",
] as const;

export type ModelErrorCode = (typeof MODEL_ERROR_CODES)[number];
export type AnswerErrorCode = (typeof ANSWER_ERROR_CODES)[number];

export const CONTEXT_FULL_CAUSES = [
  "window_too_small",
  "message_too_large",
  "provider_refused",
] as const;
/** Why a request cannot fit: the agent's own part, the newest message, or the provider said so. */
export type ContextFullCause = (typeof CONTEXT_FULL_CAUSES)[number];

/** The facts a failure's words are filled with. */
export interface ErrorParams {
  /** The HTTP status of a failed model request. */
  status?: number;
  /** The provider the proxy named. */
  provider?: string;
  agent?: string;
  maxSteps?: number;
  /** Names of the tool calls concerned. */
  tools?: string[];
  /** The content limit an answer was cut at. */
  limit?: number;
  cause?: ContextFullCause;
}

/**
 * How an answer failed, as it is stored: a code with its facts, and `detail`, only what the
 * proxy, the provider or the browser said, verbatim (developer text, never Parley's sentence).
 * Records written before codes existed have no `code`; their `detail` is that version's sentence.
 */
export interface AnswerError extends ErrorParams {
  code?: AnswerErrorCode;
  detail?: string;
}

/** At most this many tool names are kept with an error. */
export const MAX_ERROR_TOOLS = 16;

const known = new Set<string>(ANSWER_ERROR_CODES);

export function isAnswerErrorCode(code: string): code is AnswerErrorCode {
  return known.has(code);
}

export function isContextFullCause(cause: string): cause is ContextFullCause {
  return (CONTEXT_FULL_CAUSES as readonly string[]).includes(cause);
}

/** The distinct names of `calls`, at most MAX_ERROR_TOOLS, each cut to a tool name's limit. */
export function toolNames(calls: readonly { name: string }[]): string[] {
  const names = [...new Set(calls.map((c) => c.name.slice(0, LIMITS.toolName)))];
  return names.slice(0, MAX_ERROR_TOOLS);
}

/** The failure as an answer keeps it: its code, the params its words use, the detail cut to fit. */
export function answerErrorOf(error: AnswerError & { code: AnswerErrorCode }): AnswerError {
  const out: AnswerError = { code: error.code };
  if (error.status !== undefined && Number.isSafeInteger(error.status) && error.status >= 0)
    out.status = error.status;
  if (error.provider !== undefined) out.provider = error.provider.slice(0, LIMITS.name);
  if (error.agent !== undefined) out.agent = error.agent.slice(0, LIMITS.name);
  if (error.maxSteps !== undefined && Number.isSafeInteger(error.maxSteps) && error.maxSteps >= 0)
    out.maxSteps = error.maxSteps;
  if (error.tools !== undefined) out.tools = toolNames(error.tools.map((name) => ({ name })));
  if (error.limit !== undefined) out.limit = error.limit;
  if (error.cause !== undefined) out.cause = error.cause;
  if (error.detail !== undefined && error.detail !== "")
    out.detail = cutTo(error.detail, LIMITS.error);
  return out;
}
