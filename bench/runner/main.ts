import { readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { SCENARIOS } from "../scenarios/index.ts";
import { startAppServer } from "./app-server.ts";
import { removeDir, tempDir } from "./browser.ts";
import { docSection } from "./doc-section.ts";
import { type CheckedFigure, check } from "./figure.ts";
import { parseOptions, USAGE } from "./options.ts";
import { Profiles } from "./profiles.ts";
import { replaceMarkedSection, textTable } from "./report.ts";
import {
  type BenchResults,
  commitOf,
  type Failure,
  machine,
  mergeResults,
  readResults,
  toResultFigure,
  writeJson,
} from "./results.ts";
import { buildSeedScript } from "./seed.ts";
import { demoDelayMs, FULL_SIZES, SMOKE_SIZES } from "./sizes.ts";

/** Runs the benchmarks; resolves with the process exit code. */
export async function main(argv: string[], root = resolve(".")): Promise<number> {
  let options: ReturnType<typeof parseOptions>;
  try {
    options = parseOptions(argv);
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (options.help) {
    console.log(USAGE);
    return 0;
  }
  const unknown = (options.only ?? []).filter((id) => !SCENARIOS.some((s) => s.id === id));
  if (unknown.length) {
    console.error(`unknown benchmark: ${unknown.join(", ")}\n${USAGE}`);
    return 2;
  }
  const chosen = SCENARIOS.filter((s) => !options.only || options.only.includes(s.id));
  const sizes = options.smoke ? SMOKE_SIZES : FULL_SIZES;
  const started = Date.now();
  const log = (message: string) =>
    console.log(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(4)}s] ${message}`);
  const workDir = tempDir("run");
  log(
    `${options.smoke ? "smoke run" : "full run"}: ${chosen.map((s) => s.id).join(", ")}; ${options.reps} repetition(s)`,
  );
  log(`starting the app server on port ${options.port} (it rebuilds when sources changed)`);
  let server: Awaited<ReturnType<typeof startAppServer>>;
  try {
    server = await startAppServer(root, options.port, {
      DEMO_DELAY_MS: String(demoDelayMs(sizes.streamRate)),
    });
  } catch (error) {
    console.error(`bench: could not start the app: ${(error as Error).message}`);
    removeDir(workDir);
    return 1;
  }
  let seedScript: Promise<string> | undefined;
  const profiles = new Profiles(
    server.origin,
    () => (seedScript ??= buildSeedScript(root, join(workDir, "seed-build"))),
    log,
  );
  const checked: { scenario: string; figure: CheckedFigure }[] = [];
  const failures: Failure[] = [];
  const details: Record<string, unknown> = {};
  try {
    for (const scenario of chosen) {
      log(`— ${scenario.title}`);
      try {
        const result = await scenario.run({
          root,
          smoke: options.smoke,
          reps: options.reps,
          sizes,
          diagnose: options.trace ? "trace" : options.profile ? "profile" : null,
          server,
          profiles,
          workDir,
          log,
        });
        for (const figure of result.figures) {
          const { budget: _tinyDataHasNoBudget, ...unbudgeted } = figure;
          checked.push({
            scenario: scenario.id,
            figure: check(options.smoke ? unbudgeted : figure),
          });
        }
        if (result.details) details[scenario.id] = result.details;
      } catch (error) {
        const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
        failures.push({ scenario: scenario.id, error: text });
        log(`${scenario.id} FAILED: ${text}`);
      }
    }
  } finally {
    await server.stop();
    profiles.cleanup();
    removeDir(workDir);
  }

  const at = new Date().toISOString();
  const figures = checked.map((c) => c.figure);
  console.log(`\n${textTable(figures)}\n`);
  const ran = chosen.map((s) => s.id);
  const order = (id: string) => SCENARIOS.findIndex((s) => s.id === id);
  const fresh: BenchResults = {
    generatedAt: at,
    mode: options.smoke ? "smoke" : "full",
    reps: options.reps,
    commit: commitOf(root),
    machine: machine(),
    figures: checked.map((c) => toResultFigure(c.scenario, c.figure, at)),
    failures,
    details,
  };
  const diagnostic = options.trace || options.profile;
  const resultsPath = options.smoke
    ? join(tmpdir(), "parley-bench-smoke.json")
    : diagnostic
      ? join(tmpdir(), "parley-bench-diagnostic.json")
      : join(root, "bench/results/latest.json");
  const results = mergeResults(readResults(resultsPath), fresh, ran);
  results.figures.sort((a, b) => order(a.scenario) - order(b.scenario));
  writeJson(resultsPath, results);
  log(`results written to ${resultsPath}`);

  const nonFinite = checked.filter((c) => c.figure.samples.some((s) => !Number.isFinite(s)));
  for (const f of failures) console.error(`FAILED ${f.scenario}: ${f.error.split("\n")[0]}`);
  if (options.smoke) {
    for (const c of nonFinite) console.error(`smoke: ${c.figure.id} produced no number`);
    return failures.length || nonFinite.length ? 1 : 0;
  }
  if (diagnostic) {
    log("a traced or profiled run is slower: latest.json and docs/performance.md are left alone");
  } else {
    const docPath = join(root, "docs/performance.md");
    writeFileSync(
      docPath,
      replaceMarkedSection(readFileSync(docPath, "utf8"), docSection(results)),
    );
    log("docs/performance.md updated");
  }
  const missed = fresh.figures.filter((f) => f.verdict === "miss");
  for (const f of missed)
    console.error(`BUDGET MISSED ${f.label}: ${f.median} ${f.unit}${f.note ? ` (${f.note})` : ""}`);
  return failures.length || missed.length ? 1 : 0;
}
