import type { Timers } from "../persistence/writer/write-queue.ts";
import type { TestClock } from "./clock.ts";

export interface ManualTimers extends Timers {
  /** Moves the clock forward by `ms`, running every timer that falls due, in order. */
  advance(ms: number): void;
}

/** Timers on a test clock: nothing runs until the test moves the clock past it. */
export function manualTimers(clock: TestClock): ManualTimers {
  let next = 0;
  const waiting = new Map<number, { at: number; fn: () => void }>();
  return {
    now: () => clock.now(),
    setTimeout(fn, ms) {
      next += 1;
      waiting.set(next, { at: clock.now() + Math.max(0, ms), fn });
      return next;
    },
    clearTimeout(handle) {
      waiting.delete(handle as number);
    },
    advance(ms) {
      const end = clock.now() + ms;
      for (;;) {
        const due = [...waiting.entries()]
          .filter(([, t]) => t.at <= end)
          .sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
        if (!due) break;
        waiting.delete(due[0]);
        clock.set(Math.max(clock.now(), due[1].at));
        due[1].fn();
      }
      clock.set(end);
    },
  };
}
