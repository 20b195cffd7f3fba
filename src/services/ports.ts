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

/** Runs a callback before the next painted frame: streamed text is applied once per frame. */
export interface FrameScheduler {
  request(fn: () => void): unknown;
  cancel(handle: unknown): void;
}

/** Longest wait for a frame: a hidden tab paints none, yet its answer still reaches the store. */
const FRAME_FALLBACK_MS = 100;

/** The next animation frame, or FRAME_FALLBACK_MS when the page paints none (it is hidden). */
export const browserFrames: FrameScheduler = {
  request(fn) {
    let done = false;
    const once = () => {
      if (done) return;
      done = true;
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      fn();
    };
    const frame = requestAnimationFrame(once);
    const timer = setTimeout(once, FRAME_FALLBACK_MS);
    return { frame, timer };
  },
  cancel(handle) {
    const { frame, timer } = handle as { frame: number; timer: ReturnType<typeof setTimeout> };
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  },
};

/** Where agents are kept (IndexedDB in the browser, memory in tests). */
export interface AgentRepository {
  load(): Promise<{ agents: AgentConfig[]; skipped: number }>;
  save(agents: AgentConfig[]): Promise<void>;
}
