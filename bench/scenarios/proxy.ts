import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Figure } from "../runner/figure.ts";
import type { Scenario } from "../runner/scenario.ts";

interface LatencyRow {
  concurrency: number;
  path: string;
  ttfbP50: number;
  ttfbP99: number;
  ttlbP50: number;
  addedTtfbP50: number;
  addedTtlbP50: number;
}

/** The part of `bench/proxy`'s result the suite reads (the rest goes to `latest.json` as is). */
interface ProxyResult {
  latency: LatencyRow[];
  throughput: { path: string; vsBare: number | null }[];
  memory: { path: string; bytesPerStream: number | null }[];
}

type RunProxyBench = (options: {
  smoke: boolean;
  out: string;
  print: (line: string) => void;
}) => Promise<ProxyResult>;

const PROXY = "parley proxy";

function rowAt(result: ProxyResult, concurrency: number): LatencyRow | undefined {
  return result.latency.find((r) => r.path === PROXY && r.concurrency === concurrency);
}

/**
 * `bench/proxy` (owned by the proxy): run `reps` times; each run measures every concurrency
 * level against the direct upstream and a bare pass-through, and its added latencies are samples.
 */
export const proxy: Scenario = {
  id: "proxy",
  title: "Proxy overhead (bench/proxy)",
  async run(ctx) {
    const entry = pathToFileURL(join(ctx.root, "bench/proxy/index.mjs")).href;
    const { runProxyBench } = (await import(/* @vite-ignore */ entry)) as {
      runProxyBench: RunProxyBench;
    };
    const results: ProxyResult[] = [];
    const tables: string[] = [];
    for (let rep = 0; rep < ctx.reps; rep++) {
      const lines: string[] = [];
      results.push(
        await runProxyBench({
          smoke: ctx.smoke,
          out: join(ctx.workDir, `proxy-${rep}.json`),
          print: (line) => lines.push(line),
        }),
      );
      tables.push(lines.join("\n"));
    }
    ctx.log(`\n${tables.at(-1) ?? ""}`);
    const levels = [...new Set(results[0]?.latency.map((r) => r.concurrency) ?? [])];
    const middle = levels[1] ?? levels[0] ?? 0;
    const sample = (pick: (r: ProxyResult) => number | null | undefined) =>
      results.map((r) => pick(r) ?? Number.NaN);
    const figures: Figure[] = levels.map((level) => ({
      id: `proxy.added-ttfb-p50-${level}`,
      label: `Proxy: added time to first byte, p50, ${level} stream${level === 1 ? "" : "s"}`,
      unit: "ms",
      samples: sample((r) => rowAt(r, level)?.addedTtfbP50),
      ...(level === middle ? { budget: { max: 2 } } : {}),
    }));
    figures.push(
      {
        id: `proxy.ttfb-p99-${middle}`,
        label: `Proxy: time to first byte, p99, ${middle} streams`,
        unit: "ms",
        samples: sample((r) => rowAt(r, middle)?.ttfbP99),
      },
      {
        id: `proxy.added-ttlb-p50-${middle}`,
        label: `Proxy: added time to last byte, p50, ${middle} streams`,
        unit: "ms",
        samples: sample((r) => rowAt(r, middle)?.addedTtlbP50),
      },
      {
        id: "proxy.throughput-vs-bare",
        label: "Proxy: throughput vs bare Node pass-through",
        unit: "%",
        samples: sample((r) => {
          const vs = r.throughput.find((t) => t.path === PROXY)?.vsBare;
          return vs === null || vs === undefined ? null : vs * 100;
        }),
        budget: { min: 80 },
      },
      {
        id: "proxy.memory-per-stream",
        label: "Proxy: memory per open stream (RSS)",
        unit: "KiB",
        samples: sample((r) => {
          const bytes = r.memory.find((m) => m.path === PROXY)?.bytesPerStream;
          return bytes === null || bytes === undefined ? null : bytes / 1024;
        }),
      },
    );
    return { figures, details: { table: tables.at(-1), runs: results } };
  },
};
