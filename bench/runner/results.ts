import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { dirname } from "node:path";
import { chromiumPath } from "./browser.ts";
import type { CheckedFigure } from "./figure.ts";
import type { Summary } from "./stats.ts";

export interface ResultFigure extends Omit<CheckedFigure, "summary">, Summary {
  scenario: string;
  measuredAt: string;
}

export interface Failure {
  scenario: string;
  error: string;
}

/** The shape of `bench/results/latest.json`. */
export interface BenchResults {
  generatedAt: string;
  mode: "full" | "smoke";
  reps: number;
  commit: string;
  machine: {
    cpus: number;
    cpuModel: string;
    memoryGb: number;
    node: string;
    chromium: string;
    platform: string;
    /** The 1-minute load average at the end of the run: the machine may be shared. */
    loadAverage: number;
  };
  figures: ResultFigure[];
  failures: Failure[];
  details: Record<string, unknown>;
}

function quiet(command: string, args: string[], cwd?: string): string {
  try {
    return execFileSync(command, args, {
      cwd,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
  } catch {
    return "unknown";
  }
}

export function machine(): BenchResults["machine"] {
  return {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? "unknown",
    memoryGb: Math.round(totalmem() / 1024 ** 3),
    node: process.version,
    chromium: quiet(chromiumPath(), ["--version"]).replace(/ built on .*$/, ""),
    platform: `${process.platform} ${process.arch}`,
    loadAverage: Math.round(loadavg()[0] ?? 0),
  };
}

export function commitOf(root: string): string {
  const head = quiet("git", ["rev-parse", "--short", "HEAD"], root);
  const dirty = quiet("git", ["status", "--porcelain", "--untracked-files=no"], root);
  return dirty && dirty !== "unknown" ? `${head} (with uncommitted changes)` : head;
}

export function toResultFigure(scenario: string, figure: CheckedFigure, at: string): ResultFigure {
  const { summary, ...rest } = figure;
  return { ...rest, ...summary, scenario, measuredAt: at };
}

export function readResults(path: string): BenchResults | undefined {
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, "utf8")) as BenchResults;
  } catch {
    return undefined;
  }
}

/**
 * `next`, keeping from `previous` the figures and details of scenarios this run did not
 * measure (a run with `--only`), in the previous order.
 */
export function mergeResults(
  previous: BenchResults | undefined,
  next: BenchResults,
  ran: string[],
): BenchResults {
  if (!previous || previous.mode !== next.mode) return next;
  const kept = previous.figures.filter((f) => !ran.includes(f.scenario));
  const details = { ...previous.details };
  for (const id of ran) delete details[id];
  return {
    ...next,
    figures: [...kept, ...next.figures],
    failures: [...previous.failures.filter((f) => !ran.includes(f.scenario)), ...next.failures],
    details: { ...details, ...next.details },
  };
}

export function writeJson(path: string, value: unknown): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(`${path}.tmp`, `${JSON.stringify(value, null, 2)}\n`);
  renameSync(`${path}.tmp`, path);
}
