import { fetchTokenRanks } from "../../src/app/token-ranks.ts";
import type { Message } from "../../src/core/message.ts";
import type { CachedTokenCounter } from "../../src/tokens/cached-counter.ts";
import { createTokenCounter } from "../../src/tokens/create-token-counter.ts";
import { longConversation } from "./conversation.ts";
import {
  countCold,
  countEachNew,
  eachNewParts,
  fitTimes,
  type Progress,
  windowCountedMs,
} from "./flows.ts";
import { summaryFitTimes } from "./summary-flow.ts";

/** What `bench/tokens/token-bench.ts` calls in the page, one step at a time. */
export interface TokenBenchPage {
  prepare(messages: number): { messages: number; characters: number };
  load(): Promise<number>;
  cold(windows: number[]): Promise<ColdFigures>;
  /** The same count on a new worker whose tokenizer had loaded before: counting alone. */
  warm(windows: number[]): Promise<{ ms: number; windows: number[] }>;
  eachNew(count: number): Promise<number[]>;
  eachNewParts(count: number): ReturnType<typeof eachNewParts>;
  fit(window: number, runs: number): ReturnType<typeof fitTimes>;
  summaryFit(window: number, runs: number): ReturnType<typeof summaryFitTimes>;
}

export interface ColdFigures {
  ms: number;
  tokens: number;
  progress: Progress[];
  /** For each of the windows asked: when the newest messages filling it were counted. */
  windows: number[];
  longestTaskMs: number;
  longTasks: number;
  workerFailed: boolean;
}

const now = () => performance.now();
const longTasks: { start: number; duration: number }[] = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries())
    longTasks.push({ start: entry.startTime, duration: entry.duration });
}).observe({ type: "longtask", buffered: true });

let path: Message[] = [];
let counter: CachedTokenCounter | undefined;

const api: TokenBenchPage = {
  prepare(messages) {
    counter?.dispose();
    counter = undefined;
    path = longConversation(messages);
    return { messages: path.length, characters: path.reduce((n, m) => n + m.content.length, 0) };
  },
  async load() {
    const fresh = createTokenCounter(fetchTokenRanks);
    const started = now();
    await fresh.countText("warm");
    const ms = now() - started;
    fresh.dispose();
    return ms;
  },
  async cold(windows) {
    counter?.dispose();
    counter = createTokenCounter(fetchTokenRanks);
    const started = now();
    const run = await countCold(counter, path, now, true);
    const during = longTasks.filter((t) => t.start >= started && t.start <= started + run.ms);
    const last = path.at(-1);
    return {
      ms: run.ms,
      tokens: run.tokens.reduce((a, b) => a + b, 0),
      progress: run.progress,
      windows: windows.map((w) => windowCountedMs(run.tokens, run.progress, w)),
      longestTaskMs: Math.max(0, ...during.map((t) => t.duration)),
      longTasks: during.length,
      workerFailed: last ? counter.message(last).source !== "tokenizer" : true,
    };
  },
  async warm(windows) {
    counter?.dispose();
    counter = createTokenCounter(fetchTokenRanks);
    await counter.warm();
    const run = await countCold(counter, path, now, true);
    return {
      ms: run.ms,
      windows: windows.map((w) => windowCountedMs(run.tokens, run.progress, w)),
    };
  },
  eachNew(count) {
    if (!counter) throw new Error("cold() or warm() must run first");
    return countEachNew(counter, path, count, now);
  },
  eachNewParts(count) {
    if (!counter) throw new Error("cold() or warm() must run first");
    return eachNewParts(counter, path, count, now);
  },
  fit(window, runs) {
    if (!counter) throw new Error("cold() or warm() must run first");
    return fitTimes(counter, path, window, runs, now);
  },
  summaryFit(window, runs) {
    if (!counter) throw new Error("cold() or warm() must run first");
    return summaryFitTimes(counter, path, window, runs, now);
  },
};

(globalThis as unknown as { parleyTokenBench: TokenBenchPage }).parleyTokenBench = api;
