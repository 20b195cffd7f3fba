import { longAnswer } from "../data/markdown.ts";
import { createRng } from "../data/rng.ts";
import { BENCH_SEED } from "../data/sessions.ts";
import { AppPage, LOG_SELECTOR } from "../runner/app-page.ts";
import { firstPage, launchProfile, mainThreadMs } from "../runner/browser.ts";
import { type DiagnoseMode, diagnosed } from "../runner/diagnose.ts";
import type { Figure } from "../runner/figure.ts";
import {
  addProbes,
  droppedFramePct,
  droppedFrames,
  longest,
  readProbes,
  resetLongEntries,
  startFrames,
  stopFrames,
} from "../runner/probes.ts";
import type { Scenario, ScenarioContext } from "../runner/scenario.ts";
import { demoDelayMs } from "../runner/sizes.ts";

/**
 * One answer streamed by the demo model (`/echo`), measured from Enter to the finished answer.
 * With `countFrames`, a `requestAnimationFrame` loop records every frame, for the dropped ones;
 * that loop keeps the page producing a frame every 16.7 ms, which is the probe's work, not the
 * app's: on a quiet machine it added 0.10 to 0.13 ms per token at 100 tokens a second (1.19 ms
 * without it, 1.31 with it; docs/performance.md). So the main thread's time is taken from a
 * stream of its own, without the loop (`streamRuns`), and the other is reported beside it.
 */
async function streamOnce(
  app: AppPage,
  tokens: number,
  seed: number,
  timeoutMs: number,
  countFrames: boolean,
  mode: DiagnoseMode = null,
  clientDir = "",
) {
  const page = app.page;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Performance.enable");
  await app.newChat.click();
  await app.composer.fill(`/echo ${longAnswer(createRng(seed), tokens)}`);
  const done = page.locator(
    `${LOG_SELECTOR} article[data-role="assistant"][data-status="complete"]`,
  );
  const before = await done.count();
  await app.nextFrame();
  await app.nextFrame();
  await resetLongEntries(page);
  if (countFrames) await startFrames(page);
  const busyBefore = await mainThreadMs(cdp);
  const started = Date.now();
  const { diagnosis } = await diagnosed(mode, page, clientDir, async () => {
    await app.composer.press("Enter");
    await page.waitForFunction(
      ({ selector, before }) => document.querySelectorAll(selector).length > before,
      {
        selector: `${LOG_SELECTOR} article[data-role="assistant"][data-status="complete"]`,
        before,
      },
      { timeout: timeoutMs, polling: 100 },
    );
  });
  const seconds = (Date.now() - started) / 1000;
  const busy = (await mainThreadMs(cdp)) - busyBefore;
  const frames = countFrames ? await stopFrames(page) : [];
  const probes = await readProbes(page);
  await cdp.detach();
  return { seconds, busy, frames, probes, diagnosis };
}

interface RateRuns {
  longestTask: number[];
  dropped: number[];
  droppedCount: number[];
  perToken: number[];
  perTokenCounted: number[];
  rate: number[];
  longFrames: number[];
  runs: unknown[];
}

/** Streams the answer `ctx.reps` times at the rate the server streams now, in a new browser. */
async function streamRuns(ctx: ScenarioContext, rate: number): Promise<RateRuns> {
  const { sidebar, long, streamTokens: tokens } = ctx.sizes;
  const profile = await ctx.profiles.copy("store", [sidebar, long]);
  const timeoutMs = (tokens / rate) * 3000 + 30_000;
  const out: RateRuns = {
    longestTask: [],
    dropped: [],
    droppedCount: [],
    perToken: [],
    perTokenCounted: [],
    rate: [],
    longFrames: [],
    runs: [],
  };
  const context = await launchProfile(profile);
  try {
    const page = await firstPage(context);
    await addProbes(page);
    const app = new AppPage(page);
    await app.openWithSidebar(ctx.server.origin);
    await streamOnce(app, Math.min(tokens, 100), BENCH_SEED, timeoutMs, true);
    for (let rep = 0; rep < ctx.reps; rep++) {
      const seed = BENCH_SEED + rep + 1;
      const counted = await streamOnce(app, tokens, seed, timeoutMs, true);
      const run = await streamOnce(
        app,
        tokens,
        seed,
        timeoutMs,
        false,
        ctx.diagnose,
        ctx.server.clientDir,
      );
      const longTasks = [...counted.probes.longTasks, ...run.probes.longTasks];
      out.longestTask.push(Math.max(0, ...longTasks.map((t) => t.duration)));
      out.dropped.push(droppedFramePct(counted.frames));
      out.droppedCount.push(droppedFrames(counted.frames));
      out.perToken.push(run.busy / tokens);
      out.perTokenCounted.push(counted.busy / tokens);
      out.rate.push(tokens / run.seconds);
      out.longFrames.push(counted.probes.longFrames.length + run.probes.longFrames.length);
      if (run.diagnosis) ctx.log(`streaming at ${rate} tok/s: ${run.diagnosis.summary}`);
      out.runs.push({
        rate,
        seconds: run.seconds,
        diagnosis: run.diagnosis?.data,
        mainThreadMs: run.busy,
        mainThreadMsCountingFrames: counted.busy,
        frames: counted.frames.length,
        longTasks: longest(longTasks),
        longFrames: longest([...counted.probes.longFrames, ...run.probes.longFrames]),
      });
      ctx.log(
        `streamed ${tokens} tokens in ${run.seconds.toFixed(1)} s; longest task ${out.longestTask.at(-1)?.toFixed(0)} ms, dropped ${out.dropped.at(-1)?.toFixed(1)} %, ${out.perToken.at(-1)?.toFixed(2)} ms per token (${out.perTokenCounted.at(-1)?.toFixed(2)} counting frames)`,
      );
    }
  } finally {
    await context.close();
  }
  return out;
}

function rateFigures(
  prefix: string,
  label: string,
  runs: RateRuns,
  budgets: { droppedPct: number; droppedFrames?: number },
): Figure[] {
  return [
    {
      id: `${prefix}.longest-task`,
      label: `Streaming ${label}: longest task`,
      unit: "ms",
      samples: runs.longestTask,
      budget: { max: 50 },
    },
    {
      id: `${prefix}.dropped-frames`,
      label: `Streaming ${label}: dropped frames`,
      unit: "%",
      samples: runs.dropped,
      budget: { max: budgets.droppedPct },
    },
    {
      id: `${prefix}.dropped-frame-count`,
      label: `Streaming ${label}: frames dropped`,
      unit: "frames",
      samples: runs.droppedCount,
      ...(budgets.droppedFrames === undefined ? {} : { budget: { max: budgets.droppedFrames } }),
    },
    {
      id: `${prefix}.main-thread-per-token`,
      label: `Streaming ${label}: main-thread time per token`,
      unit: "ms",
      samples: runs.perToken,
      budget: { max: 0.3 },
    },
    {
      id: `${prefix}.main-thread-per-token-counting-frames`,
      label: `Streaming ${label}: main-thread time per token, frames counted meanwhile`,
      unit: "ms",
      samples: runs.perTokenCounted,
    },
    {
      id: `${prefix}.long-frames`,
      label: `Streaming ${label}: animation frames over 50 ms`,
      unit: "frames",
      samples: runs.longFrames,
    },
    {
      id: `${prefix}.tokens-per-second`,
      label: `Streaming ${label}: tokens per second received`,
      unit: "tok/s",
      samples: runs.rate,
    },
  ];
}

/**
 * A 2,000-token answer at 100 tokens a second, in a store of 1,000 conversations; then at 1,000
 * tokens a second (the server restarted with a pause of 1 ms between pieces).
 */
export const streaming: Scenario = {
  id: "streaming",
  title: "Streaming a long answer",
  async run(ctx) {
    const { streamTokens: tokens, streamRate, fastStreamRate } = ctx.sizes;
    const normal = await streamRuns(ctx, streamRate);
    const fast = await ctx.server.withEnv(
      { DEMO_DELAY_MS: String(demoDelayMs(fastStreamRate)) },
      () => streamRuns(ctx, fastStreamRate),
    );
    const answer = `${tokens.toLocaleString("en-US")}-token answer`;
    return {
      figures: [
        ...rateFigures("streaming", `${answer} at ${streamRate} tokens/s`, normal, {
          droppedPct: 5,
        }),
        ...rateFigures(
          "streaming.fast",
          `${answer} at ${fastStreamRate.toLocaleString("en-US")} tokens/s`,
          fast,
          { droppedPct: 1, droppedFrames: 0 },
        ),
      ],
      details: { runs: [...normal.runs, ...fast.runs] },
    };
  },
};
