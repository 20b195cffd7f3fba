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

/** Milliseconds from the request to the first token, and to the end of the answer. */
export interface Timing {
  firstTokenMs?: number;
  totalMs: number;
}

export interface Message {
  id: string;
  role: Role;
  content: string;
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
  /** For answers that ended in an error: what failed, in words the user can act on. */
  error?: string;
  /** For tool messages: the tool failed (bad arguments, unknown tool, thrown error). */
  isError?: boolean;
}
