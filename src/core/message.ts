import type { AnswerError } from "./answer-error.ts";
import type { Attachment } from "./attachments/attachment.ts";
import type { WireNote } from "./wire.ts";

export type Role = "system" | "user" | "assistant" | "tool";

/** How an answer ended. Messages without a status (user, system, tool) are complete. */
export type MessageStatus = "complete" | "interrupted" | "error";

/** A call the model asked for. `arguments` is the JSON text exactly as the model sent it. */
export interface ToolCall {
  id: string;
  name: string;
  arguments: string;
}

/** Token counts as the provider reported them. */
export interface Usage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

/**
 * Something worth knowing about how an answer ended, shown with its details.
 * `no_finish_reason`: the server ended the stream with `[DONE]` but never said why the answer
 * stopped, so it was taken as finished. `length_limit`: the answer stopped at the model's length
 * limit (finish reason `length`), so it can be continued. `summary_failed`: the conversation asks for
 * a summary of the messages left out, and the model could not make one, so they were only left out.
 */
export const ANSWER_NOTES = [
  "no_finish_reason",
  "length_limit",
  "context_full",
  "summary_failed",
] as const;
export type AnswerNote = (typeof ANSWER_NOTES)[number];

/** The notes this version knows, from a stored list that may hold a newer version's too. */
export function knownNotes(codes: readonly string[]): AnswerNote[] {
  return codes.filter((code): code is AnswerNote =>
    (ANSWER_NOTES as readonly string[]).includes(code),
  );
}

/** What a model thought before its answer, as it streamed it, and for how long (never sent back). */
export interface Reasoning {
  text: string;
  /** From the first piece of reasoning to the first piece of the answer (or the end). */
  durationMs?: number;
}

/** Milliseconds from the request to the first token, and to the end of the answer. */
export interface Timing {
  firstTokenMs?: number;
  totalMs: number;
}

/** What a summary stands for: how many messages of the path before it, up to which one. */
export interface SummaryCover {
  /** The messages it stands for, not counting stored system messages and earlier summaries. */
  covers: number;
  /** The last message it stands for; the request after it begins with the next one. */
  lastCoveredId: string;
}

export interface Message {
  id: string;
  /**
   * The message this one follows (`null`: it starts the conversation). Absent, it follows the
   * message before it in the session's list; see `core/tree.ts`.
   */
  parentId?: string | null;
  role: Role;
  content: string;
  /** For user messages: the files it carries (their bytes are stored apart, by hash). */
  attachments?: Attachment[];
  toolCalls?: ToolCall[];
  /** For `tool` messages: the id of the call this message answers. */
  toolCallId?: string;
  /** ISO 8601 with time zone. */
  createdAt: string;
  /** For answers: the agent that wrote it. */
  agent?: string;
  model?: string;
  usage?: Usage;
  timing?: Timing;
  status?: MessageStatus;
  /** For answers: what is worth knowing about how it ended (codes; the UI has the words). */
  notes?: AnswerNote[];
  /** For answers: the reasoning the model streamed before it. */
  reasoning?: Reasoning;
  /** For answers: what the proxy did to the request's parameters (left one out, or sent another value). */
  paramNotes?: WireNote[];
  /** For answers that ended in an error: what failed (a code and its facts) and what was said. */
  error?: AnswerError;
  /** For tool messages: the tool failed (bad arguments, unknown tool, thrown error). */
  isError?: boolean;
  /**
   * Set on a `system` message that the app had the model write: a summary of the older messages,
   * sent in their place when they do not fit the model's window (`core/agent/summary-step.ts`).
   */
  summary?: SummaryCover;
}

/** What tells whether an answer can go on; stored notes may hold codes of a newer version. */
type Continuable = Pick<Message, "role" | "content" | "status"> & {
  notes?: readonly string[] | undefined;
  toolCalls?: readonly unknown[] | undefined;
};

/**
 * Whether the model can be asked to go on with this answer: it has text, asks for no tool, and
 * was interrupted or stopped at the length limit (an answer that failed is asked again instead).
 */
export function canContinue(message: Continuable): boolean {
  if (message.role !== "assistant" || message.content === "" || message.toolCalls?.length)
    return false;
  if (message.status === "interrupted") return true;
  return message.status === "complete" && (message.notes ?? []).includes("length_limit");
}
