import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeJson } from "../runner/results.ts";
import { persistTable, runPersistBench } from "./persist-bench.ts";

const PAGE = "<!doctype html><meta charset=utf-8><title>Parley persistence bench</title>";

/**
 * `node bench/persist/run.mjs [--smoke] [--port N]`: the persistence benchmark on its own, on a
 * blank page of a local origin. Prints the table, writes JSON, and fails when a target is missed
 * (never in smoke mode).
 */
export async function main(argv: string[], root: string): Promise<number> {
  const smoke = argv.includes("--smoke");
  const portArg = argv[argv.indexOf("--port") + 1];
  const port = argv.includes("--port") ? Number(portArg) : 4282;
  const server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(PAGE);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const started = Date.now();
  const log = (m: string) =>
    console.log(`[persist ${((Date.now() - started) / 1000).toFixed(0).padStart(4)}s] ${m}`);
  try {
    const report = await runPersistBench({ origin, path: "/", smoke, root, log });
    console.log(`\n${persistTable(report)}\n`);
    const out = smoke
      ? join(tmpdir(), "parley-persist-smoke.json")
      : join(root, "bench/results/persist.json");
    writeJson(out, {
      generatedAt: new Date().toISOString(),
      mode: smoke ? "smoke" : "full",
      ...report,
    });
    log(`results written to ${out}`);
    if (smoke) return report.rows.every((r) => Number.isFinite(r.ours.ms + r.whole.ms)) ? 0 : 1;
    const met =
      report.growth.ms <= 1.5 &&
      report.growth.bytes <= 1.5 &&
      report.advantage.ms >= 50 &&
      report.advantage.bytes >= 50;
    if (!met) console.error("persist: a target was missed (see the table)");
    return met ? 0 : 1;
  } finally {
    server.close();
  }
}
