import type { SessionGroup } from "../data/sessions.ts";

/** How much data each benchmark uses: the sizes, or tiny ones for the smoke run. */
export interface BenchSizes {
  /** The store behind cold start and streaming. */
  sidebar: SessionGroup;
  /** The long conversation, stored beside `sidebar` and updated last, so it is listed first. */
  long: SessionGroup;
  /** A branched conversation, stored beside `sidebar` in a profile of its own, listed first there. */
  branched: SessionGroup;
  /** The conversations opened one after the other for the memory figure. */
  memory: SessionGroup;
  streamTokens: number;
  /** Tokens per second the demo model streams (one word every 1000/rate ms). */
  streamRate: number;
  /** The fast model's rate, streamed by a server restarted with its pause. */
  fastStreamRate: number;
  importBytes: number;
  /** Longest time to spend scrolling the long conversation, in ms. */
  scrollBudgetMs: number;
  /** The hostile Markdown answers' sizes relative to those the issue reported. */
  hostileScale: number;
  /** The photo attached and sent (about 20 MB as a PNG at full size, the size), in pixels. */
  attachPhoto: { width: number; height: number };
  /** Pages of text of the PDF attached and sent. */
  attachPdfPages: number;
}

export const FULL_SIZES: BenchSizes = {
  sidebar: { tag: "Chat", count: 1000, messages: 100 },
  long: { tag: "Long", count: 1, messages: 10_000, startHour: 1100 },
  branched: {
    tag: "Branched",
    count: 1,
    messages: 1000,
    startHour: 1100,
    branches: { every: 10, versions: 3, later: 4 },
  },
  memory: { tag: "Memory", count: 50, messages: 1000 },
  streamTokens: 2000,
  streamRate: 100,
  fastStreamRate: 1000,
  importBytes: 100 * 1000 * 1000,
  scrollBudgetMs: 100_000,
  hostileScale: 1,
  attachPhoto: { width: 4608, height: 3072 },
  attachPdfPages: 20,
};

export const SMOKE_SIZES: BenchSizes = {
  sidebar: { tag: "Chat", count: 12, messages: 10 },
  long: { tag: "Long", count: 1, messages: 120, startHour: 20 },
  branched: {
    tag: "Branched",
    count: 1,
    messages: 40,
    startHour: 20,
    branches: { every: 10, versions: 3, later: 2 },
  },
  memory: { tag: "Memory", count: 3, messages: 30 },
  streamTokens: 30,
  streamRate: 100,
  fastStreamRate: 1000,
  importBytes: 200_000,
  scrollBudgetMs: 3_000,
  hostileScale: 0.02,
  attachPhoto: { width: 320, height: 200 },
  attachPdfPages: 2,
};

/**
 * The demo model's pause between pieces for `rate` pieces a second. Node's timers fire a little
 * late and each piece costs some time of its own, so the pause is one millisecond shorter than
 * the period; the rate actually received is measured and reported beside the figures.
 */
export function demoDelayMs(rate: number): number {
  return Math.max(1, Math.round(1000 / rate) - 1);
}
