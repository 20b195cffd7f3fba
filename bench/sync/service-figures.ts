import { percentile } from "../runner/stats.ts";
import { startChildServer } from "./devices.ts";
import { type FirstSyncReport, measureFirstSync } from "./first-sync.ts";
import { measureServiceAppends, type ServiceAppend } from "./service-latency.ts";
import { firstSyncTable, serviceTable } from "./tables.ts";

/** Issue 17's budgets for the sync service itself. */
export const LATENCY_P50_TARGET_MS = 2_000;
export const FIRST_SYNC_TARGET_MS = 60_000;
export const APPEND_RATIO_TARGET = 4;

export interface ServiceFigures {
  report: { appends: ServiceAppend[]; firstSync: FirstSyncReport };
  met: boolean;
}

function option(argv: string[], name: string, fallback: number): number {
  const i = argv.indexOf(name);
  const value = i >= 0 ? Number(argv[i + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${name}: expected a positive integer`);
  return value;
}

/**
 * The sync service's figures against `scripts/sync-server.mjs` in its own process over
 * loopback: two devices appending to one conversation (latency and server bytes per append),
 * then the first sync of `--conversations` × `--messages` (default 1,000 × 100; smoke 20 × 100)
 * in headless Chromium.
 */
export async function serviceFigures(
  root: string,
  work: string,
  smoke: boolean,
  argv: string[],
): Promise<ServiceFigures> {
  const server = await startChildServer(root, []);
  try {
    const appends = await measureServiceAppends(
      await server.createDatabase("bench-service"),
      option(argv, "--appends", smoke ? 6 : 24),
    );
    console.log(`\n${serviceTable(appends, LATENCY_P50_TARGET_MS, APPEND_RATIO_TARGET)}\n`);
    const firstSync = await measureFirstSync(
      root,
      work,
      (origin) => startChildServer(root, [origin]),
      option(argv, "--conversations", smoke ? 20 : 1_000),
      option(argv, "--messages", 100),
      argv.includes("--memory-repository") ? "memory" : "idb",
      argv.includes("--trace") ? argv[argv.indexOf("--trace") + 1] : undefined,
    );
    console.log(`\n${firstSyncTable(firstSync, FIRST_SYNC_TARGET_MS)}\n`);
    console.log(
      `first sync: ${firstSync.repository} repository; long tasks A ${JSON.stringify(firstSync.upload.longTasks.map(Math.round))}, B ${JSON.stringify(firstSync.download.longTasks.map(Math.round))}`,
    );
    const latencyMet =
      percentile(
        appends.map((a) => a.latencyMs),
        50,
      ) <= LATENCY_P50_TARGET_MS;
    const ratioMet = appends.every((a) => a.storedBytes / a.plaintextBytes <= APPEND_RATIO_TARGET);
    const { upload, download } = firstSync;
    const firstMet =
      smoke ||
      (upload.ms <= FIRST_SYNC_TARGET_MS &&
        download.ms <= FIRST_SYNC_TARGET_MS &&
        [...upload.longTasks, ...download.longTasks].length === 0);
    return { report: { appends, firstSync }, met: latencyMet && ratioMet && firstMet };
  } finally {
    await server.stop();
  }
}
