import type { AgentConfig } from "../core/agent-types.ts";
import type { CoreEnv } from "../core/env.ts";
import type { ModelClient } from "../core/model.ts";
import type { ToolRegistry } from "../core/tool-registry.ts";
import type { RunLocks, SessionRepository } from "../persistence/repository.ts";
import type { AgentRepository } from "./agents-slice.ts";

/** Small key-value storage for settings (localStorage in the browser, a map in tests). */
export interface SettingsStorage {
  read(): unknown;
  write(value: unknown): void;
}

/** The clock and timers of the store's own delays. */
export interface StoreTimers {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Everything the store needs from outside, passed in by the composition root. */
export interface StoreDeps {
  repository: SessionRepository;
  model: ModelClient;
  env: CoreEnv;
  tools: ToolRegistry;
  agents: readonly AgentConfig[];
  settingsStorage: SettingsStorage;
  /** The locale the browser prefers, e.g. `navigator.language`. */
  browserLocale: string;
  /** Which sessions generate in other tabs; without it every run may start. */
  runLocks?: RunLocks;
  /** Whether unsent text is kept for this conversation: one left unused is then not removed. */
  hasDraft?: (sessionId: string) => boolean;
  /** The timers of the store's own delays (checkpoints); the browser's when absent. */
  timers?: StoreTimers;
  /** Where the user's agents live; in memory when absent. */
  agentRepository?: AgentRepository;
}
