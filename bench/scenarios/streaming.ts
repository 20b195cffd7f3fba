import { longAnswer } from "../data/markdown.ts";
import { createRng } from "../data/rng.ts";
import { BENCH_SEED } from "../data/sessions.ts";
import { AppPage, LOG_SELECTOR } from "../runner/app-page.ts";
import { firstPage, launchProfile, mainThreadMs } from "../runner/browser.ts";
import { type DiagnoseMode, diagnosed } from "../runner/diagnose.ts";
import {
  addProbes,
  droppedFramePct,
  longest,
  readProbes,
  resetLongEntries,
  startFrames,
  stopFrames,
} from "../runner/probes.ts";
import type { Scenario } from "../runner/scenario.ts";

/** One answer streamed by the demo model (`/echo`), measured from Enter to the finished answer. */
async function streamOnce(
  app: AppPage,
  tokens: number,
  seed: number,
  timeoutMs: number,
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
  await startFrames(page);
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
  const frames = await stopFrames(page);
  const probes = await readProbes(page);
  await cdp.detach();
  return { seconds, busy, frames, probes, diagnosis };
}

/** A 2,000-token answer at 100 tokens a second, in a store of 1,000 conversations. */
export const streaming: Scenario = {
  id: "streaming",
  title: "Streaming a long answer",
  async run(ctx) {
    const { sidebar, long, streamTokens: tokens, streamRate } = ctx.sizes;
    const profile = await ctx.profiles.copy("store", [sidebar, long]);
    const timeoutMs = (tokens / streamRate) * 3000 + 30_000;
    const longestTask: number[] = [];
    const dropped: number[] = [];
    const perToken: number[] = [];
    const rate: number[] = [];
    const longFrames: number[] = [];
    const runs: unknown[] = [];
    const context = await launchProfile(profile);
    try {
      const page = await firstPage(context);
      await addProbes(page);
      const app = new AppPage(page);
      await app.openWithSidebar(ctx.server.origin);
      await streamOnce(app, Math.min(tokens, 100), BENCH_SEED, timeoutMs);
      for (let rep = 0; rep < ctx.reps; rep++) {
        const run = await streamOnce(
          app,
          tokens,
          BENCH_SEED + rep + 1,
          timeoutMs,
          ctx.diagnose,
          ctx.server.clientDir,
        );
        longestTask.push(Math.max(0, ...run.probes.longTasks.map((t) => t.duration)));
        dropped.push(droppedFramePct(run.frames));
        perToken.push(run.busy / tokens);
        rate.push(tokens / run.seconds);
        longFrames.push(run.probes.longFrames.length);
        if (run.diagnosis) ctx.log(`streaming: ${run.diagnosis.summary}`);
        runs.push({
          seconds: run.seconds,
          diagnosis: run.diagnosis?.data,
          mainThreadMs: run.busy,
          frames: run.frames.length,
          longTasks: longest(run.probes.longTasks),
          longFrames: longest(run.probes.longFrames),
        });
        ctx.log(
          `streamed ${tokens} tokens in ${run.seconds.toFixed(1)} s; longest task ${longestTask.at(-1)?.toFixed(0)} ms, dropped ${dropped.at(-1)?.toFixed(1)} %`,
        );
      }
    } finally {
      await context.close();
    }
    const label = `${tokens.toLocaleString("en-US")}-token answer at ${streamRate} tokens/s`;
    return {
      figures: [
        {
          id: "streaming.longest-task",
          label: `Streaming ${label}: longest task`,
          unit: "ms",
          samples: longestTask,
          budget: { max: 50 },
        },
        {
          id: "streaming.dropped-frames",
          label: "Streaming: dropped frames",
          unit: "%",
          samples: dropped,
          budget: { max: 5 },
        },
        {
          id: "streaming.main-thread-per-token",
          label: "Streaming: main-thread time per token",
          unit: "ms",
          samples: perToken,
        },
        {
          id: "streaming.long-frames",
          label: "Streaming: animation frames over 50 ms",
          unit: "frames",
          samples: longFrames,
        },
        {
          id: "streaming.tokens-per-second",
          label: "Streaming: tokens per second received",
          unit: "tok/s",
          samples: rate,
        },
      ],
      details: { runs },
    };
  },
};
