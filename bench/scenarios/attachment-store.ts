import { AppPage, LOG_SELECTOR } from "../runner/app-page.ts";
import { firstPage, launchProfile } from "../runner/browser.ts";
import type { Figure } from "../runner/figure.ts";
import { addProbes } from "../runner/probes.ts";
import type { Scenario, ScenarioContext } from "../runner/scenario.ts";
import { coldStartOnce } from "./cold-start.ts";
import { openFromSidebar } from "./open-conversation.ts";

/** The same store twice: as cold-start and open-long seed it, and with the attachment bytes. */
const VARIANTS = ["without", "with"] as const;
type Variant = (typeof VARIANTS)[number];

/** Opens the long conversation; with attachments, its last screen must show some. */
async function openOnce(ctx: ScenarioContext, profile: string, variant: Variant) {
  const context = await launchProfile(profile);
  try {
    const page = await firstPage(context);
    await addProbes(page);
    const opened = await openFromSidebar(ctx, new AppPage(page), ctx.sizes.long);
    // The figure is taken; the check waits for the chips, which come with the rows just out of
    // view (rendered once the first screen is painted and the page is idle) and may not be
    // there yet at the last message's paint.
    const chips = page.locator(`${LOG_SELECTOR} .message-attachments li`);
    if (variant === "with")
      await chips
        .first()
        .waitFor({ state: "attached", timeout: 10_000 })
        .catch(() => undefined);
    const shown = await chips.count();
    if (variant === "with" && shown === 0)
      throw new Error("the long conversation opened without attachments on screen; check the seed");
    return { ...opened, attachmentsShown: shown };
  } finally {
    await context.close();
  }
}

/** A figure measured on both stores, and the ratio of each repetition's pair. */
function paired(
  id: string,
  label: string,
  samples: Record<Variant, number[]>,
  withWhat: string,
): Figure[] {
  const ratios = samples.with.map((w, i) => w / (samples.without[i] ?? Number.NaN));
  return [
    {
      id: `${id}.without`,
      label: `${label}, no attachments`,
      unit: "ms",
      samples: samples.without,
    },
    { id: `${id}.with`, label: `${label}, ${withWhat}`, unit: "ms", samples: samples.with },
    {
      id: `${id}.ratio`,
      label: `${label}: with attachments over without (same repetition)`,
      unit: "×",
      samples: ratios,
      budget: { max: 1.1 },
    },
  ];
}

/**
 * Issue 14: cold start and opening the long conversation with about 1 GB of attachments in the
 * blob store stay within 10 % of the same store without them. Both stores are measured in
 * each repetition, in alternating order, so load on a shared machine weighs on both alike.
 */
export const attachmentStore: Scenario = {
  id: "attachment-store",
  title: "Cold start and opening the long conversation with the attachment store",
  async run(ctx) {
    const { sidebar, long, attachmentStore: set } = ctx.sizes;
    const groups = [sidebar, long];
    const profiles: Record<Variant, string> = {
      without: await ctx.profiles.copy("store", groups),
      with: await ctx.profiles.copy("store-attachments", groups, { set, sidebar, long }),
    };
    const { report } = await ctx.profiles.template("store-attachments", groups, {
      set,
      sidebar,
      long,
    });
    const cold: Record<Variant, number[]> = { without: [], with: [] };
    const open: Record<Variant, number[]> = { without: [], with: [] };
    const openLongest: Record<Variant, number[]> = { without: [], with: [] };
    const runs: unknown[] = [];
    for (const variant of VARIANTS) await coldStartOnce(ctx, profiles[variant], false);
    for (let rep = 0; rep < ctx.reps; rep++) {
      const order = rep % 2 === 0 ? VARIANTS : ([...VARIANTS].reverse() as Variant[]);
      for (const variant of order) {
        const start = await coldStartOnce(ctx, profiles[variant], true);
        cold[variant].push(start.interactive);
        const opened = await openOnce(ctx, profiles[variant], variant);
        open[variant].push(opened.open);
        openLongest[variant].push(opened.longest);
        runs.push({ rep, variant, coldStart: start.run, opening: opened });
      }
    }
    const ms = (values: number[]) => values.map((v) => v.toFixed(0)).join(", ");
    ctx.log(
      `attachment store, without / with: cold start ${ms(cold.without)} / ${ms(cold.with)} ms; open ${ms(open.without)} / ${ms(open.with)} ms`,
    );
    const mb = (report.blobBytes / 1e6).toLocaleString("en-US", { maximumFractionDigits: 1 });
    const withWhat = `${mb} MB in ${report.blobs} attached files`;
    const conversations = (sidebar.count + long.count).toLocaleString("en-US");
    const messages = long.messages.toLocaleString("en-US");
    return {
      figures: [
        {
          id: "attachment-store.bytes",
          label: "Attachment store: bytes of the attached files stored",
          unit: "MB",
          samples: [report.blobBytes / 1e6],
        },
        ...paired(
          "attachment-store.cold-start",
          `Cold start → interactive sidebar (${conversations} conversations)`,
          cold,
          withWhat,
        ),
        ...paired(
          "attachment-store.open-long",
          `Open ${messages}-message conversation → last message painted`,
          open,
          withWhat,
        ),
        {
          id: "attachment-store.open-long.longest-task.with",
          label: `Opening ${messages}-message conversation with attachments: longest task`,
          unit: "ms",
          samples: openLongest.with,
        },
        {
          id: "attachment-store.open-long.longest-task.without",
          label: `Opening ${messages}-message conversation without attachments: longest task`,
          unit: "ms",
          samples: openLongest.without,
        },
      ],
      details: { seeded: report, runs },
    };
  },
};
