import { lastMarker, sessionIdOf, sessionTitle } from "../data/sessions.ts";
import { AppPage } from "../runner/app-page.ts";
import { firstPage, heapAfterGc, launchProfile } from "../runner/browser.ts";
import { addProbes } from "../runner/probes.ts";
import type { Scenario } from "../runner/scenario.ts";
import { median } from "../runner/stats.ts";

const MB = 1024 * 1024;

/** The JS heap after opening every conversation of the memory set, one after the other. */
export const memory: Scenario = {
  id: "memory",
  title: "Memory after opening many long conversations",
  async run(ctx) {
    const group = ctx.sizes.memory;
    const profile = await ctx.profiles.copy("memory", [group]);
    const after: number[] = [];
    const baseline: number[] = [];
    const openMs: number[] = [];
    for (let rep = 0; rep < ctx.reps; rep++) {
      const context = await launchProfile(profile);
      try {
        const page = await firstPage(context);
        await addProbes(page);
        const app = new AppPage(page);
        await app.openWithSidebar(ctx.server.origin);
        const cdp = await context.newCDPSession(page);
        baseline.push((await heapAfterGc(cdp)) / MB);
        const opens: number[] = [];
        for (let i = group.count - 1; i >= 0; i--) {
          const id = sessionIdOf(group, i);
          opens.push(
            await app.openConversation(sessionTitle(group.tag, i), lastMarker(id), 60_000),
          );
        }
        await app.nextFrame();
        after.push((await heapAfterGc(cdp)) / MB);
        openMs.push(median(opens));
        ctx.log(
          `heap ${after.at(-1)?.toFixed(1)} MB after ${group.count} conversations (baseline ${baseline.at(-1)?.toFixed(1)} MB)`,
        );
        await cdp.detach();
      } finally {
        await context.close();
      }
    }
    const label = `${group.count} conversations of ${group.messages.toLocaleString("en-US")} messages`;
    return {
      figures: [
        {
          id: "memory.heap-after-opening",
          label: `JS heap after opening ${label}`,
          unit: "MB",
          samples: after,
          budget: { max: 150 },
        },
        {
          id: "memory.heap-per-conversation",
          label: "JS heap kept per conversation opened (0 when bodies off screen are released)",
          unit: "MB",
          samples: after.map((a, i) => (a - (baseline[i] ?? 0)) / group.count),
        },
        {
          id: "memory.heap-baseline",
          label: "JS heap after start, before opening any",
          unit: "MB",
          samples: baseline,
        },
        {
          id: "memory.open-median",
          label: `Opening one of ${label} (median of each run)`,
          unit: "ms",
          samples: openMs,
        },
      ],
    };
  },
};
