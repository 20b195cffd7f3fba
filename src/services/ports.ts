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

/**
 * Runs a callback before a painted frame: the first one at least `afterMs` from now (streamed
 * text is shown at a steady cadence, `REVEAL_MS` in `runs/run-events.ts`).
 */
export interface FrameScheduler {
  request(fn: () => void, afterMs?: number): unknown;
  cancel(handle: unknown): void;
}

/** Longest wait for a frame: a hidden tab paints none, yet its answer still reaches the store. */
const FRAME_FALLBACK_MS = 100;

/** The next animation frame, or FRAME_FALLBACK_MS when the page paints none (it is hidden). */
function nextFrame(fn: () => void): () => void {
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
  return () => {
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/** The first animation frame `afterMs` from now (a timer, then the frame after it). */
export const browserFrames: FrameScheduler = {
  request(fn, afterMs = 0) {
    if (afterMs <= 0) return { stop: nextFrame(fn) };
    const handle = { stop: () => clearTimeout(timer) };
    const timer = setTimeout(() => {
      handle.stop = nextFrame(fn);
    }, afterMs);
    return handle;
  },
  cancel(handle) {
    (handle as { stop(): void }).stop();
  },
};

/** Where agents are kept (IndexedDB in the browser, memory in tests). */
export interface AgentRepository {
  load(): Promise<{ agents: AgentConfig[]; skipped: number }>;
  save(agents: AgentConfig[]): Promise<void>;
}
