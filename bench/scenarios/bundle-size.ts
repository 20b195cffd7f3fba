import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Scenario } from "../runner/scenario.ts";
import { bundledSources, gzipBytes, HEAVY_SOURCE, initialGraph } from "./bundle-graph.ts";

const KB = 1000;

function allFiles(dir: string, prefix = ""): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? allFiles(dir, `${prefix}/${entry.name}`) : [`${prefix}/${entry.name}`],
  );
}

/** Initial JavaScript, gzipped, as Vite built it; and whether anything heavy slipped into it. */
export const bundleSize: Scenario = {
  id: "bundle",
  title: "Initial JavaScript",
  async run(ctx) {
    const dist = ctx.server.clientDir;
    const read = (file: string) => readFileSync(join(dist, file), "utf8");
    const graph = initialGraph(read);
    const initialJs = graph.js.reduce((sum, f) => sum + gzipBytes(readFileSync(join(dist, f))), 0);
    const initialCss = graph.css.reduce(
      (sum, f) => sum + gzipBytes(readFileSync(join(dist, f))),
      0,
    );
    const heavy = graph.js.flatMap((f) =>
      bundledSources(dist, f)
        .filter((s) => HEAVY_SOURCE.test(s))
        .map((s) => `${f}: ${s.replace(/^(\.\.\/)+/, "")}`),
    );
    const js = allFiles(dist).filter((f) => f.endsWith(".js"));
    const allJs = js.reduce((sum, f) => sum + gzipBytes(readFileSync(join(dist, f))), 0);
    const lazy = js
      .filter((f) => !graph.js.includes(f))
      .map((f) => ({ file: f, gzipKb: gzipBytes(readFileSync(join(dist, f))) / KB }));
    ctx.log(`initial graph: ${graph.js.join(", ")}`);
    const heavyNote = heavy.length
      ? `in the initial graph: ${[...new Set(heavy.map((h) => h.split("node_modules/").pop()?.split("/")[0] ?? h))].join(", ")}`
      : undefined;
    return {
      figures: [
        {
          id: "bundle.initial-js-gzip",
          label: "Initial JavaScript (gzip)",
          unit: "kB",
          samples: [initialJs / KB],
          budget: { max: 200 },
          note: `${graph.js.length} file${graph.js.length === 1 ? "" : "s"}: the entry and its static imports`,
        },
        {
          id: "bundle.heavy-modules-initial",
          label:
            "Heavy modules in initial JS (highlighting, import worker, tokenizer, classic zod, marked, math, diagrams)",
          unit: "modules",
          samples: [heavy.length],
          budget: { max: 0 },
          ...(heavyNote ? { note: heavyNote } : {}),
        },
        {
          id: "bundle.initial-css-gzip",
          label: "Initial CSS (gzip)",
          unit: "kB",
          samples: [initialCss / KB],
        },
        {
          id: "bundle.all-js-gzip",
          label: "All JavaScript incl. lazy chunks (gzip)",
          unit: "kB",
          samples: [allJs / KB],
        },
      ],
      details: { initial: graph, heavy, lazy },
    };
  },
};
