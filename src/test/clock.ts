import type { Clock } from "../core/env.ts";

/** 2026-11-29T10:00:00.000Z, the default start of test clocks. */
export const TEST_EPOCH = Date.UTC(2026, 10, 29, 10, 0, 0);

export interface TestClock extends Clock {
  /** Moves time forward by `ms`. */
  advance(ms: number): void;
  set(ms: number): void;
}

/**
 * A clock that only moves when told to, or by `stepMs` on every reading (so durations in a
 * scripted run are predictable and non-zero).
 */
export function createTestClock(start = TEST_EPOCH, stepMs = 0): TestClock {
  let current = start;
  return {
    now() {
      const value = current;
      current += stepMs;
      return value;
    },
    advance(ms) {
      current += ms;
    },
    set(ms) {
      current = ms;
    },
  };
}
