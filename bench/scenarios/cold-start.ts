import { AppPage } from "../runner/app-page.ts";
import { firstPage, launchProfile } from "../runner/browser.ts";
import { diagnosed } from "../runner/diagnose.ts";
import { addProbes, readProbes } from "../runner/probes.ts";
import type { Scenario } from "../runner/scenario.ts";

/** From navigation to a sidebar that lists the seeded conversations and takes input. */
export const coldStart: Scenario = {
  id: "cold-start",
  title: "Cold start with the seeded store",
  async run(ctx) {
    const { sidebar, long } = ctx.sizes;
    const profile = await ctx.profiles.copy("store", [sidebar, long]);
    const interactive: number[] = [];
    const listed: number[] = [];
    const fcp: number[] = [];
    const longest: number[] = [];
    const runs: unknown[] = [];
    for (let rep = -1; rep < ctx.reps; rep++) {
      const context = await launchProfile(profile);
      try {
        const page = await firstPage(context);
        await addProbes(page);
        await page.goto("about:blank");
        const { diagnosis } = await diagnosed(
          rep >= 0 ? ctx.diagnose : null,
          page,
          ctx.server.clientDir,
          () => new AppPage(page).openWithSidebar(ctx.server.origin),
        );
        if (diagnosis) ctx.log(`cold start: ${diagnosis.summary}`);
        const probes = await readProbes(page);
        const paint = await page.evaluate(
          () => performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
        );
        if (rep < 0) continue;
        const until = probes.marks.sidebarInteractive ?? Number.NaN;
        interactive.push(until);
        listed.push(probes.marks.sidebarDom ?? Number.NaN);
        fcp.push(paint);
        const tasks = probes.longTasks.filter((t) => t.start < until);
        longest.push(Math.max(0, ...tasks.map((t) => t.duration)));
        runs.push({
          diagnosis: diagnosis?.data,
          marks: probes.marks,
          longTasks: tasks,
          longFrames: probes.longFrames.filter((t) => t.start < until),
        });
      } finally {
        await context.close();
      }
    }
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
          samples: listed,
        },
        {
          id: "cold-start.first-contentful-paint",
          label: "Cold start → first contentful paint",
          unit: "ms",
          samples: fcp,
        },
        {
          id: "cold-start.longest-task",
          label: "Cold start: longest task before interactive",
          unit: "ms",
          samples: longest,
        },
      ],
      details: { runs },
    };
  },
};
