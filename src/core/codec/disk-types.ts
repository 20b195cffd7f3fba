import type { Overflow } from "../conversation-settings.ts";
import type { JsonObject } from "../json.ts";
import type { MessageStatus, Role } from "../message.ts";
import type { WireReasoningEffort } from "../wire.ts";
import type { CodecProblem } from "./codec-problem.ts";

/** The format `snapshot` writes today. Older versions are migrated on restore. */
export const FORMAT_VERSION = 2;

/** A tool call on disk. */
export interface DiskToolCall {
  id: string;
  name: string;
  arguments: string;
}

/** An attachment on disk: what the file is; its bytes are a blob record of their own, by hash. */
export interface DiskAttachment {
  hash: string;
  name: string;
  mime: string;
  size: number;
  kind: "image" | "text" | "pdf";
  text?: string;
}

/** A message on disk: snake_case, optional fields omitted (never `null`), keys in this order. */
export interface DiskMessage {
  id: string;
  /** Format 2: the message it follows (`null`: none); absent, the message before it in the list. */
  parent_id?: string | null;
  role: Role;
  content: string;
  attachments?: DiskAttachment[];
  tool_calls?: DiskToolCall[];
  tool_call_id?: string;
  created_at: string;
  agent?: string;
  model?: string;
  usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
  timing?: { first_token_ms?: number; total_ms: number };
  status?: MessageStatus;
  /** What the model thought before the answer, and for how long. */
  reasoning?: { text: string; duration_ms?: number };
  /** Codes of `AnswerNote`; a version keeps the ones it knows. */
  notes?: string[];
  /** The proxy's notes on the request's parameters (`WireNote`, as the wire carries them). */
  param_notes?: DiskParamNote[];
  /** An `AnswerErrorCode`; a version keeps the ones it knows. */
  error_code?: string;
  error_params?: DiskErrorParams;
  /** What the proxy, provider or browser said; before error codes, that version's sentence. */
  error?: string;
  is_error?: boolean;
  /** On a system message the app had the model write: the messages it summarises. */
  summary?: { covers: number; last_covered_id: string };
}

/** The facts of a failed answer, in snake_case. */
export interface DiskErrorParams {
  status?: number;
  provider?: string;
  agent?: string;
  max_steps?: number;
  tools?: string[];
  limit?: number;
  cause?: string;
}

export interface DiskParamNote {
  code: "param_dropped" | "param_clamped";
  param: string;
  reason?: string;
  value?: number;
}

/** A session on disk without its messages (persistence stores messages in records of their own). */
export interface DiskSessionHead {
  format_version: number;
  session_id: string;
  created_at: string;
  updated_at: string;
  title: string;
  metadata: JsonObject;
  state: JsonObject;
  revision: number;
  /** Format 2: the last message of the visible path; absent, the last message. */
  leaf_id?: string | null;
  /** The conversation's own settings; absent, the agent's defaults for each. */
  settings?: DiskSettings;
}

/** A conversation's settings on disk: each field absent uses the agent's default. */
export interface DiskSettings {
  system_prompt?: string;
  temperature?: number;
  top_p?: number;
  max_tokens?: number;
  reasoning_effort?: WireReasoningEffort;
  /** `leave_out` or `summarize`; absent, older messages are left out. */
  overflow?: Overflow;
}

/** A whole session on disk; also the session shape of the export file. */
export interface DiskSession extends DiskSessionHead {
  messages: DiskMessage[];
}

/**
 * What `restore` reports instead of throwing: where the input is wrong (`$.messages[3].role`),
 * what is wrong there as a code with its values, and how many more problems it found.
 */
export type CodecError = CodecProblem & { path: string; more?: number };
