import type { Scenario } from "../runner/scenario.ts";
import { persistFigures, persistTable, runPersistBench } from "./persist-bench.ts";

/** `bench/run.mjs --only persist`: the figures of `bench/persist`, with the targets. */
export const persist: Scenario = {
  id: "persist",
  title: "Persisting an appended message (Parley vs whole-store persist)",
  async run(ctx) {
    const report = await runPersistBench({
      origin: ctx.server.origin,
      smoke: ctx.smoke,
      root: ctx.root,
      log: ctx.log,
    });
    const table = persistTable(report);
    ctx.log(`\n${table}`);
    return { figures: persistFigures(report, ctx.smoke), details: { table, report } };
  },
};
