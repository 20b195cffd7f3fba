import { AppPage } from "../runner/app-page.ts";
import { firstPage, launchProfile } from "../runner/browser.ts";
import { diagnosed } from "../runner/diagnose.ts";
import { addProbes, readProbes } from "../runner/probes.ts";
import type { Scenario, ScenarioContext } from "../runner/scenario.ts";

/** One cold start: when the sidebar was interactive and listed, first paint, the longest task. */
export interface ColdStart {
  interactive: number;
  listed: number;
  fcp: number;
  longest: number;
  run: unknown;
}

/**
 * A new browser on `profile` navigates to the app; resolves when the sidebar takes input.
 * `measured` false is the warm-up launch that fills the disk and code caches (not diagnosed).
 */
export async function coldStartOnce(
  ctx: ScenarioContext,
  profile: string,
  measured: boolean,
): Promise<ColdStart> {
  const context = await launchProfile(profile);
  try {
    const page = await firstPage(context);
    await addProbes(page);
    await page.goto("about:blank");
    const { diagnosis } = await diagnosed(
      measured ? ctx.diagnose : null,
      page,
      ctx.server.clientDir,
      () => new AppPage(page).openWithSidebar(ctx.server.origin),
    );
    if (diagnosis) ctx.log(`cold start: ${diagnosis.summary}`);
    const probes = await readProbes(page);
    const fcp = await page.evaluate(
      () => performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
    );
    const interactive = probes.marks.sidebarInteractive ?? Number.NaN;
    const tasks = probes.longTasks.filter((t) => t.start < interactive);
    return {
      interactive,
      listed: probes.marks.sidebarDom ?? Number.NaN,
      fcp,
      longest: Math.max(0, ...tasks.map((t) => t.duration)),
      run: {
        diagnosis: diagnosis?.data,
        marks: probes.marks,
        longTasks: tasks,
        longFrames: probes.longFrames.filter((t) => t.start < interactive),
      },
    };
  } finally {
    await context.close();
  }
}

/** From navigation to a sidebar that lists the seeded conversations and takes input. */
export const coldStart: Scenario = {
  id: "cold-start",
  title: "Cold start with the seeded store",
  async run(ctx) {
    const { sidebar, long } = ctx.sizes;
    const profile = await ctx.profiles.copy("store", [sidebar, long]);
    const starts: ColdStart[] = [];
    for (let rep = -1; rep < ctx.reps; rep++) {
      const start = await coldStartOnce(ctx, profile, rep >= 0);
      if (rep >= 0) starts.push(start);
    }
    const interactive = starts.map((s) => s.interactive);
    ctx.log(`sidebar interactive after ${interactive.map((v) => v.toFixed(0)).join(", ")} ms`);
    const count = sidebar.count + long.count;
    return {
      figures: [
        {
          id: "cold-start.sidebar-interactive",
          label: `Cold start → interactive sidebar (${count.toLocaleString("en-US")} conversations)`,
          unit: "ms",
          samples: interactive,
          budget: { max: 400 },
        },
        {
          id: "cold-start.sidebar-listed",
          label: "Cold start → sidebar lists conversations",
          unit: "ms",
          samples: starts.map((s) => s.listed),
        },
        {
          id: "cold-start.first-contentful-paint",
          label: "Cold start → first contentful paint",
          unit: "ms",
          samples: starts.map((s) => s.fcp),
        },
        {
          id: "cold-start.longest-task",
          label: "Cold start: longest task before interactive",
          unit: "ms",
          samples: starts.map((s) => s.longest),
        },
      ],
      details: { runs: starts.map((s) => s.run) },
    };
  },
};
