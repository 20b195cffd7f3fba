import { join } from "node:path";
import type { Page } from "@playwright/test";
import { firstPage, launchProfile, removeDir, tempDir } from "../runner/browser.ts";
import type { Figure } from "../runner/figure.ts";
import { bundlePageScript } from "../runner/page-bundle.ts";
import { median } from "../runner/stats.ts";
import type { AppendSample, PersistBenchPage, SeedPlan } from "./page.ts";

export interface PersistBenchOptions {
  /** An http origin whose page `path` may open IndexedDB (any page of the app works). */
  origin: string;
  path?: string;
  smoke: boolean;
  root: string;
  log(message: string): void;
}

export interface PersistRow {
  messages: number;
  ours: { ms: number; bytes: number; samples: AppendSample[] };
  whole: { ms: number; bytes: number; samples: AppendSample[] };
}

export interface PersistReport {
  sessions: number;
  storedMessages: number;
  wholeStoreBytes: number;
  rows: PersistRow[];
  /** Cost at the longest session over the cost at 10 messages (target ≤ 1.5). */
  growth: { ms: number; bytes: number };
  /** Whole-store cost over ours, at 100 messages (target ≥ 50). */
  advantage: { ms: number; bytes: number };
}

/**
 * Our appends go to every session length in turn, so a slow moment of the browser (a garbage
 * collection, a LevelDB compaction, another process) does not land on one length only.
 */
const FULL = {
  plan: {
    background: { tag: "Chat", count: 996, messages: 100 },
    targets: [10, 100, 1000, 10_000],
  },
  rounds: 8,
  appendsPerRound: 16,
  wholeAppends: 5,
};
const SMOKE = {
  plan: { background: { tag: "Chat", count: 8, messages: 10 }, targets: [10, 100, 300] },
  rounds: 1,
  appendsPerRound: 4,
  wholeAppends: 2,
};

type Call = <K extends keyof PersistBenchPage>(
  name: K,
  ...args: Parameters<PersistBenchPage[K]>
) => Promise<Awaited<ReturnType<PersistBenchPage[K]>>>;

function caller(page: Page): Call {
  return (name, ...args) =>
    page.evaluate(
      ([n, a]) =>
        (
          (
            globalThis as unknown as {
              parleyPersistBench: Record<string, (...x: unknown[]) => unknown>;
            }
          ).parleyPersistBench[n] as (...x: unknown[]) => Promise<never>
        )(...a),
      [name, args] as const,
    );
}

/**
 * Bytes and time to store one appended message, for sessions of several lengths in a store of
 * 1,000 sessions, by Parley's repository and by the peers' whole-store `persist`, in one
 * Chromium profile on disk (a plain context would keep IndexedDB in memory).
 */
export async function runPersistBench(options: PersistBenchOptions): Promise<PersistReport> {
  const sizes = options.smoke ? SMOKE : FULL;
  const work = tempDir("persist");
  try {
    const script = await bundlePageScript(
      options.root,
      "bench/persist/page.ts",
      join(work, "build"),
      "parleyPersistBenchBundle",
    );
    const context = await launchProfile(join(work, "profile"));
    try {
      const page = await firstPage(context);
      await page.goto(`${options.origin}${options.path ?? "/healthz"}`);
      await page.evaluate(script);
      const call = caller(page);
      const plan: SeedPlan = sizes.plan;
      options.log(
        `persist: seeding ${plan.background.count} sessions of ${plan.background.messages} messages and one each of ${plan.targets.join(", ")}`,
      );
      const seeded = await call("seedOurs", plan);
      const openMs = await call("openOurs", plan.targets);
      options.log(`persist: open() took ${JSON.stringify(openMs)} ms by session length`);
      await settle(page);
      const samples = new Map<number, AppendSample[]>(plan.targets.map((n) => [n, []]));
      for (let round = 0; round < sizes.rounds; round++) {
        const got = await call("appendOurs", plan.targets, sizes.appendsPerRound, round);
        for (const n of plan.targets) samples.get(n)?.push(...(got[n] ?? []));
      }
      const rows: PersistRow[] = plan.targets.map((n) => ({
        messages: n,
        ours: summary(samples.get(n) ?? []),
        whole: summary([]),
      }));
      options.log("persist: the same store through zustand persist under one key");
      const whole = await call("seedWhole", plan);
      for (const row of rows) {
        row.whole = summary(await call("appendWhole", row.messages, sizes.wholeAppends));
        options.log(`persist: ${row.messages} messages done`);
      }
      const first = rows[0];
      const last = rows.at(-1);
      const hundred = rows.find((r) => r.messages === 100);
      if (!first || !last || !hundred) throw new Error("persist bench: missing rows");
      return {
        sessions: seeded.sessions,
        storedMessages: seeded.messages,
        wholeStoreBytes: whole.bytes,
        rows,
        growth: { ms: last.ours.ms / first.ours.ms, bytes: last.ours.bytes / first.ours.bytes },
        advantage: {
          ms: hundred.whole.ms / hundred.ours.ms,
          bytes: hundred.whole.bytes / hundred.ours.bytes,
        },
      };
    } finally {
      await context.close();
    }
  } finally {
    removeDir(work);
  }
}

/** A full garbage collection and a quiet second before timing starts. */
async function settle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("HeapProfiler.collectGarbage");
  await cdp.detach();
  await page.waitForTimeout(1000);
}

function summary(samples: AppendSample[]): PersistRow["ours"] {
  return {
    ms: samples.length ? median(samples.map((s) => s.ms)) : Number.NaN,
    bytes: samples.length ? median(samples.map((s) => s.bytes)) : Number.NaN,
    samples,
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(bytes < 10_240 ? 1 : 0)} KB`;
const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 0)} ms`;

/** The side-by-side table printed on the terminal. */
export function persistTable(report: PersistReport): string {
  const head = [
    "messages in session",
    "Parley ms",
    "Parley bytes",
    "whole-store ms",
    "whole-store bytes",
    "× time",
    "× bytes",
  ];
  const body = report.rows.map((r) => [
    r.messages.toLocaleString("en-US"),
    ms(r.ours.ms),
    kb(r.ours.bytes),
    ms(r.whole.ms),
    kb(r.whole.bytes),
    `${(r.whole.ms / r.ours.ms).toFixed(0)}×`,
    `${(r.whole.bytes / r.ours.bytes).toFixed(0)}×`,
  ]);
  const all = [head, ...body];
  const widths = head.map((_, c) => Math.max(...all.map((row) => (row[c] ?? "").length)));
  const line = (row: string[]) => row.map((cell, c) => cell.padStart(widths[c] ?? 0)).join("  ");
  return [
    `Appending one message, store of ${report.sessions.toLocaleString("en-US")} sessions (${report.storedMessages.toLocaleString("en-US")} messages; whole store ${kb(report.wholeStoreBytes)} as JSON). Medians.`,
    line(head),
    widths.map((w) => "-".repeat(w)).join("  "),
    ...body.map(line),
    `growth from 10 to ${report.rows.at(-1)?.messages.toLocaleString("en-US")} messages: ${report.growth.ms.toFixed(2)}× time, ${report.growth.bytes.toFixed(2)}× bytes (target ≤ 1.5×)`,
    `whole-store over Parley at 100 messages: ${report.advantage.ms.toFixed(0)}× time, ${report.advantage.bytes.toFixed(0)}× bytes (target ≥ 50×)`,
  ].join("\n");
}

/** The report as figures of the bench harness (`bench/runner`), with the targets as budgets. */
export function persistFigures(report: PersistReport, smoke: boolean): Figure[] {
  const figures: Figure[] = report.rows.flatMap((r) => [
    {
      id: `persist.append-ms-${r.messages}`,
      label: `append one message, ${r.messages.toLocaleString("en-US")}-message session: time`,
      unit: "ms",
      samples: r.ours.samples.map((s) => s.ms),
    },
    {
      id: `persist.append-bytes-${r.messages}`,
      label: `append one message, ${r.messages.toLocaleString("en-US")}-message session: bytes written`,
      unit: "bytes",
      samples: r.ours.samples.map((s) => s.bytes),
    },
    {
      id: `persist.whole-store-ms-${r.messages}`,
      label: `whole-store persist, ${r.messages.toLocaleString("en-US")}-message session: time`,
      unit: "ms",
      samples: r.whole.samples.map((s) => s.ms),
    },
  ]);
  const budget = <T extends object>(b: T) => (smoke ? {} : { budget: b });
  figures.push(
    {
      id: "persist.growth-time",
      label: "append time, longest session over 10 messages",
      unit: "×",
      samples: [report.growth.ms],
      ...budget({ max: 1.5 }),
    },
    {
      id: "persist.growth-bytes",
      label: "append bytes, longest session over 10 messages",
      unit: "×",
      samples: [report.growth.bytes],
      ...budget({ max: 1.5 }),
    },
    {
      id: "persist.advantage-time",
      label: "whole-store over Parley at 100 messages: time",
      unit: "×",
      samples: [report.advantage.ms],
      ...budget({ min: 50 }),
    },
    {
      id: "persist.advantage-bytes",
      label: "whole-store over Parley at 100 messages: bytes",
      unit: "×",
      samples: [report.advantage.bytes],
      ...budget({ min: 50 }),
    },
  );
  return figures;
}
