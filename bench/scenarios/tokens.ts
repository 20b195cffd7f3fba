import type { Figure } from "../runner/figure.ts";
import type { Scenario } from "../runner/scenario.ts";
import { median } from "../runner/stats.ts";
import { runTokenBench, type TokenReport, WINDOWS } from "../tokens/token-bench.ts";

const count = (n: number) => n.toLocaleString("en-US");

/** The figures of one report; budgets from issue 16 (smoke runs drop them). */
export function tokenFigures(report: TokenReport): Figure[] {
  const { runs, node } = report;
  const n = count(report.messages);
  const each = (pick: (run: TokenReport["runs"][number]) => number) => runs.map(pick);
  return [
    {
      id: "tokens.cold",
      label: `Count ${n} messages from cold, in the worker (start, load tokenizer, count)`,
      unit: "ms",
      samples: each((r) => r.cold.ms),
      budget: { max: 300 },
    },
    {
      id: "tokens.cold-window",
      label: `From cold: newest messages filling a ${count(WINDOWS.typical)}-token window counted`,
      unit: "ms",
      samples: each((r) => r.cold.windows[0] ?? Number.NaN),
    },
    {
      id: "tokens.warm",
      label: `Count ${n} messages on a warm worker (tokenizer loaded before)`,
      unit: "ms",
      samples: each((r) => r.warm.ms),
    },
    {
      id: "tokens.warm-window",
      label: `Warm worker: newest messages filling a ${count(WINDOWS.typical)}-token window counted`,
      unit: "ms",
      samples: each((r) => r.warm.windows[0] ?? Number.NaN),
    },
    {
      id: "tokens.load",
      label: "Token worker started and tokenizer loaded (first count of a text)",
      unit: "ms",
      samples: each((r) => r.loadMs),
    },
    {
      id: "tokens.cold-longest-task",
      label: "Counting from cold: longest main-thread task",
      unit: "ms",
      samples: each((r) => r.cold.longestTaskMs),
      budget: { max: 50 },
    },
    {
      id: "tokens.each-new",
      label: `Each new message on ${n} counted ones (cache, worker round trip)`,
      unit: "ms",
      samples: each((r) => median(r.eachNewMs)),
      budget: { max: 5 },
    },
    {
      id: "tokens.each-new-lookups",
      label: `  of which: counting the ${n} counted messages again (lookups)`,
      unit: "ms",
      samples: each((r) => median(r.lookupsMs)),
    },
    {
      id: "tokens.each-new-round-trip",
      label: "  of which: one small count in the worker (round trip)",
      unit: "ms",
      samples: each((r) => median(r.roundTripMs)),
    },
    {
      id: "tokens.fit",
      label: `The run's fit step over ${n} messages (fit, then the request built), ${count(WINDOWS.typical)}-token window`,
      unit: "ms",
      samples: each((r) => median(r.fitMs.typical)),
      budget: { max: 5 },
    },
    {
      id: "tokens.fit-large",
      label: `The run's fit step over ${n} messages (fit, then the request built), ${count(WINDOWS.large)}-token window`,
      unit: "ms",
      samples: each((r) => median(r.fitMs.large)),
      budget: { max: 5 },
    },
    {
      id: "tokens.fit-summary",
      label: `The fit step of a conversation that summarises (its summary still stands), ${count(WINDOWS.typical)}-token window`,
      unit: "ms",
      samples: each((r) => median(r.summaryFitMs.typical)),
      budget: { max: 5 },
    },
    {
      id: "tokens.fit-summary-large",
      label: `The fit step of a conversation that summarises (its summary still stands), ${count(WINDOWS.large)}-token window`,
      unit: "ms",
      samples: each((r) => median(r.summaryFitMs.large)),
      budget: { max: 5 },
    },
    {
      id: "tokens.node-cold",
      label: `Node, same thread: load tokenizer and count ${n} messages (once a process)`,
      unit: "ms",
      samples: [node.coldMs],
    },
    {
      id: "tokens.node-each-new",
      label: "Node, same thread: each new message",
      unit: "ms",
      samples: [median(node.eachNewMs)],
    },
    {
      id: "tokens.node-fit",
      label: `Node: the run's fit step over ${n} messages, ${count(WINDOWS.typical)}-token window`,
      unit: "ms",
      samples: [median(node.fitMs)],
    },
  ];
}

/** `bench/run.mjs --only tokens`: counting and fitting the long conversation (issue 16). */
export const tokens: Scenario = {
  id: "tokens",
  title: "Counting tokens and fitting a request (10,000-message conversation)",
  async run(ctx) {
    const report = await runTokenBench({
      root: ctx.root,
      smoke: ctx.smoke,
      reps: ctx.reps,
      workDir: ctx.workDir,
      log: ctx.log,
    });
    const tokensCounted = report.runs[0]?.cold.tokens ?? 0;
    ctx.log(
      `tokens: ${count(report.messages)} messages, ${count(report.characters)} characters, ${count(tokensCounted)} tokens (o200k_base)`,
    );
    return {
      figures: tokenFigures(report),
      details: {
        messages: report.messages,
        characters: report.characters,
        tokens: tokensCounted,
        omitted: report.runs.map((r) => r.omitted),
        progress: report.runs.map((r) => r.cold.progress.filter((_, i) => i % 10 === 0)),
        longTasks: report.runs.map((r) => r.cold.longTasks),
        node: report.node,
      },
    };
  },
};
