import { storedMessages } from "../data/sessions.ts";
import type { Figure } from "../runner/figure.ts";
import type { Scenario } from "../runner/scenario.ts";
import { type OpenSamples, openAndScroll, WHEEL_PX } from "./open-conversation.ts";

/** The figures of one conversation opened and scrolled; `id` and `name` tell the variants apart. */
function figures(
  s: OpenSamples,
  id: string,
  name: string,
  rows: { reps: number; scrollBudgetMs: number },
  budgets: boolean,
): Figure[] {
  return [
    {
      id: `${id}.last-message-painted`,
      label: `Open ${name} → last message painted`,
      unit: "ms",
      samples: s.open,
      ...(budgets ? { budget: { max: 150 } } : {}),
    },
    {
      id: `${id}.longest-task-opening`,
      label: `Opening ${name}: longest task`,
      unit: "ms",
      samples: s.openLongest,
    },
    {
      id: `${id}.scroll-longest-task`,
      label: `Scrolling ${name} to the top: longest task`,
      unit: "ms",
      samples: s.scrollLongest,
      ...(budgets ? { budget: { max: 50 } } : {}),
      ...(s.unreached
        ? {
            note: `the first message was not reached in ${s.unreached} of ${rows.reps} runs (scroll stopped moving or ${rows.scrollBudgetMs / 1000} s passed)`,
          }
        : {}),
    },
    {
      id: `${id}.scroll-long-frames`,
      label: `Scrolling ${name}: animation frames over 50 ms`,
      unit: "frames",
      samples: s.scrollFrames,
    },
    {
      id: `${id}.scroll-rows-per-second`,
      label: `Scrolling ${name}: messages passed per second`,
      unit: "msg/s",
      samples: s.rowsPerSecond,
    },
    {
      id: `${id}.scroll-duration`,
      label: `Scrolling ${name} to the top (${WHEEL_PX} px per frame)`,
      unit: "s",
      samples: s.scrollSeconds,
    },
  ];
}

/**
 * Opens the long conversation from the sidebar, then scrolls it up to its first message; then
 * the same with a branched conversation, whose visible path is built from a tree.
 */
export const openLong: Scenario = {
  id: "open-long",
  title: "Opening and scrolling the long conversation, linear and branched",
  async run(ctx) {
    const { long, branched } = ctx.sizes;
    const rows = { reps: ctx.reps, scrollBudgetMs: ctx.sizes.scrollBudgetMs };
    const linear = await openAndScroll(ctx, long, "store");
    const tree = await openAndScroll(ctx, branched, "branched");
    const b = branched.branches;
    const shown = branched.messages.toLocaleString("en-US");
    const all = storedMessages(branched).toLocaleString("en-US");
    const treeName = b
      ? `${shown}-message path of a ${all}-message tree (every ${b.every}th message in ${b.versions} versions)`
      : `${shown}-message conversation`;
    return {
      figures: [
        ...figures(
          linear,
          "open-long",
          `${long.messages.toLocaleString("en-US")}-message conversation`,
          rows,
          true,
        ),
        ...figures(tree, "open-long.branched", treeName, rows, true),
      ],
      details: { runs: linear.runs, branchedRuns: tree.runs },
    };
  },
};
