import type { AgentConfig, RunActivity } from "../core/agent-types.ts";
import type { AnswerError, AnswerErrorCode } from "../core/answer-error.ts";
import type { Session } from "../core/session.ts";
import type {
  DamagedRecord,
  SessionSummary,
  StorageFault,
  StorageInfo,
} from "../persistence/repository.ts";
import type { Settings } from "./settings.ts";

export type { RecordProblem } from "../persistence/repository.ts";

/** A stored record that could not be read, kept aside with its raw data. */
export type SetAsideRecord = DamagedRecord;

/** A running answer. Runtime only: never persisted. */
export interface Run {
  agent: string;
  model: string;
  /** The answer being streamed, until it becomes a message, with the reasoning streamed before it. */
  streaming: { messageId: string; text: string; reasoning?: string } | null;
  /** What the run is doing while no answer streams, for the log to say (a summary being made). */
  activity?: RunActivity | null;
  startedAt: number;
}

/**
 * Why a run failed, with the facts its words need: the turn's error code, that another tab is
 * answering, or that no agent is configured; no code for an unexpected error. `detail` is what
 * the proxy, the provider, the browser or the code said, for a developer: shown only after the
 * sentence, never as the sentence itself (the UI has the words, by code).
 */
export interface RunFailure extends Omit<AnswerError, "code"> {
  code?: AnswerErrorCode | "answering_elsewhere" | "no_agent";
  retryable: boolean;
}

/** What the last request of a conversation sent. Runtime only. */
export interface ContextView {
  /** The first message sent when older ones were left out (the log marks it); null when all went. */
  firstSentId: string | null;
  /** Messages of the visible path that were not sent. */
  omitted: number;
  /** The request's tokens, as counted when it was made. */
  tokens: number;
  window: number;
}

/**
 * Everything the UI shows, as plain data; the services change it and nothing else does. Each
 * group says where it lives: IndexedDB (through the session repository), `localStorage`, the
 * agents' database, or this tab's memory only.
 */
export interface AppState {
  /** IndexedDB. The first load from storage has finished; nothing is written before. */
  ready: boolean;
  loadFailure: string | null;
  summaries: Record<string, SessionSummary>;
  /**
   * Sessions whose messages are in memory: the open one, those answering, and the few used last.
   * The others are let go and read again when needed.
   */
  bodies: Record<string, Session>;
  /** The newest messages of long sessions being opened, shown until their bodies are read. Read-only. */
  previews: Record<string, Session>;
  /** Memory. */
  activeId: string | null;
  /**
   * The last deleted session, kept until Undo is no longer offered. Its records stay in storage
   * until then (other tabs are told at once that it is gone).
   */
  lastDeleted: Session | null;

  /** Memory. Runs of this tab, their failures, and the sessions generating in other tabs. */
  runs: Record<string, Run>;
  failures: Record<string, RunFailure>;
  remoteRuns: Record<string, true>;
  /** Memory. What each conversation's last request sent, where older messages were left out. */
  contextViews: Record<string, ContextView>;

  /** `localStorage`. */
  settings: Settings;
  browserLocale: string;

  /** The agents' database: built-ins first (an unedited one has model ""), then the user's. */
  agents: AgentConfig[];
  /** The agents' database could not be read or written: which, and the browser's own detail. */
  agentsFault: { code: "load_failed" | "save_failed"; detail: string } | null;

  /** Memory: what the storage monitor last heard. */
  storageFault: StorageFault | null;
  storageInfo: StorageInfo | null;
  damagedRecords: DamagedRecord[];
}

/** A way to read and change the state, given to each service; zustand's store is one. */
export interface StateAccess {
  getState(): AppState;
  setState(partial: Partial<AppState> | ((state: AppState) => Partial<AppState>)): void;
  subscribe(listener: (state: AppState, previous: AppState) => void): () => void;
}

/** The state before anything is loaded. */
export function initialState(
  fields: Pick<AppState, "settings" | "browserLocale" | "agents" | "storageFault">,
): AppState {
  return {
    ready: false,
    loadFailure: null,
    summaries: {},
    bodies: {},
    previews: {},
    activeId: null,
    lastDeleted: null,
    runs: {},
    failures: {},
    remoteRuns: {},
    contextViews: {},
    agentsFault: null,
    storageInfo: null,
    damagedRecords: [],
    ...fields,
  };
}
