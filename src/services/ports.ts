import type { AgentConfig } from "../core/agent-types.ts";

/** Small key-value storage for settings (localStorage in the browser, a map in tests). */
export interface SettingsStorage {
  read(): unknown;
  write(value: unknown): void;
}

/** The clock and timers of the services' own delays. */
export interface Timers {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const browserTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Where agents are kept (IndexedDB in the browser, memory in tests). */
export interface AgentRepository {
  load(): Promise<{ agents: AgentConfig[]; skipped: number }>;
  save(agents: AgentConfig[]): Promise<void>;
}
