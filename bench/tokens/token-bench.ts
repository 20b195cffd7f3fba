import { join } from "node:path";
import { chromium, type Page } from "@playwright/test";
import { CHROMIUM_ARGS, chromiumPath, VIEWPORT } from "../runner/browser.ts";
import { median } from "../runner/stats.ts";
import { buildTokenPage } from "./build-page.ts";
import { longConversation } from "./conversation.ts";
import { SETTLE_MS } from "./flows.ts";
import { type NodeFigures, nodeFigures } from "./node-figures.ts";
import type { ColdFigures, TokenBenchPage } from "./page.ts";
import { serveStatic } from "./static-server.ts";

export const WINDOWS = { typical: 128_000, large: 1_000_000 };
/**
 * The smoke run's 300 messages fit in both windows, so a summary would never be needed; its
 * summarising fit runs in windows the conversation overflows, to check that path works.
 */
const SMOKE_SUMMARY_WINDOWS = { typical: 8_192, large: 16_384 };

const FULL = { messages: 10_000, eachNew: 20, fitRuns: 30 };
const SMOKE = { messages: 300, eachNew: 3, fitRuns: 3 };

export interface TokenRun {
  cold: ColdFigures;
  warm: { ms: number; windows: number[] };
  loadMs: number;
  eachNewMs: number[];
  lookupsMs: number[];
  roundTripMs: number[];
  fitMs: { typical: number[]; large: number[] };
  /** The same in a conversation that summarises, its summary standing for what is left out. */
  summaryFitMs: { typical: number[]; large: number[] };
  omitted: { typical: number; large: number };
}

export interface TokenReport {
  messages: number;
  characters: number;
  runs: TokenRun[];
  node: NodeFigures;
}

type Call = <K extends keyof TokenBenchPage>(
  name: K,
  ...args: Parameters<TokenBenchPage[K]>
) => Promise<Awaited<ReturnType<TokenBenchPage[K]>>>;

const caller =
  (page: Page): Call =>
  (name, ...args) =>
    page.evaluate(
      ([n, a]) =>
        (
          (
            globalThis as unknown as {
              parleyTokenBench: Record<string, (...x: unknown[]) => unknown>;
            }
          ).parleyTokenBench[n] as (...x: unknown[]) => Promise<never>
        )(...a),
      [name, args] as const,
    );

/**
 * Counting the long conversation in real Chromium, through the app's own counter and worker,
 * from a page served with the CSP the app is to have: from cold (a new worker loads the
 * tokenizer), each new message after that, and fitting a request over the whole path. One
 * unmeasured run first, so the disk cache is warm as for a returning user.
 */
export async function runTokenBench(options: {
  root: string;
  smoke: boolean;
  reps: number;
  workDir: string;
  log(message: string): void;
}): Promise<TokenReport> {
  const sizes = options.smoke ? SMOKE : FULL;
  const dir = join(options.workDir, "tokens-page");
  await buildTokenPage(options.root, dir);
  const server = await serveStatic(dir);
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  const context = await browser.newContext({ viewport: VIEWPORT, locale: "en-US" });
  const runs: TokenRun[] = [];
  let shape = { messages: 0, characters: 0 };
  try {
    // A full run begins with an unmeasured repetition; a smoke run only checks that all works.
    for (let rep = options.smoke ? 0 : -1; rep < options.reps; rep++) {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
      await page.goto(`${server.origin}/`);
      await page.waitForFunction(() => "parleyTokenBench" in globalThis);
      const call = caller(page);
      shape = await call("prepare", sizes.messages);
      const cold = await call("cold", [WINDOWS.typical, WINDOWS.large]);
      if (cold.workerFailed)
        throw new Error(`the token worker did not count: ${errors.join("; ")}`);
      const warm = await call("warm", [WINDOWS.typical, WINDOWS.large]);
      // A new message comes a while after the conversation opened: let the count's garbage go first.
      await page.waitForTimeout(options.smoke ? 0 : SETTLE_MS);
      const eachNewMs = await call("eachNew", sizes.eachNew);
      const parts = await call("eachNewParts", sizes.eachNew);
      const typical = await call("fit", WINDOWS.typical, sizes.fitRuns);
      const large = await call("fit", WINDOWS.large, sizes.fitRuns);
      const summaryWindows = options.smoke ? SMOKE_SUMMARY_WINDOWS : WINDOWS;
      const summaryTypical = await call("summaryFit", summaryWindows.typical, sizes.fitRuns);
      const summaryLarge = await call("summaryFit", summaryWindows.large, sizes.fitRuns);
      if (!summaryTypical.placed || !summaryLarge.placed)
        throw new Error("the summarised fit did not place the summary");
      const loadMs = await call("load");
      await page.close();
      if (rep < 0) continue;
      runs.push({
        cold,
        warm,
        loadMs,
        eachNewMs,
        lookupsMs: parts.lookups,
        roundTripMs: parts.roundTrips,
        fitMs: { typical: typical.times, large: large.times },
        summaryFitMs: { typical: summaryTypical.times, large: summaryLarge.times },
        omitted: { typical: typical.omitted, large: large.omitted },
      });
      options.log(
        `tokens: run ${rep + 1}: cold ${cold.ms.toFixed(0)} ms (128k window counted after ${cold.windows[0]?.toFixed(0)} ms), warm ${warm.ms.toFixed(0)} ms, load ${loadMs.toFixed(0)} ms, longest task ${cold.longestTaskMs.toFixed(0)} ms, new message ${median(eachNewMs).toFixed(2)} ms, fit ${median(typical.times).toFixed(2)} ms (summarising ${median(summaryTypical.times).toFixed(2)} ms; at 1M ${median(large.times).toFixed(2)} / ${median(summaryLarge.times).toFixed(2)} ms)`,
      );
    }
  } finally {
    await context.close();
    await browser.close();
    await server.stop();
  }
  options.log("tokens: the same in Node, the tokenizer in the same thread");
  const node = await nodeFigures(longConversation(sizes.messages), {
    eachNew: sizes.eachNew,
    fitRuns: sizes.fitRuns,
    window: WINDOWS.typical,
    settleMs: options.smoke ? 0 : SETTLE_MS,
  });
  return { ...shape, runs, node };
}
