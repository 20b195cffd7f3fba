import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startSyncServer } from "../../scripts/sync-server.mjs";
import { createSyncMeta } from "../../src/sync/crypto/index.ts";
import { writeJson } from "../runner/results.ts";
import { appendCostTable, measureAppendCost } from "./append-cost.ts";
import { runInChromium, serveStatic } from "./browser-check.ts";
import { kdfTable, measureKdf } from "./kdf-time.ts";
import { buildCheckPage } from "./lazy-bundle.ts";
import { measureOverhead } from "./overhead.ts";
import { type ServiceFigures, serviceFigures } from "./service-figures.ts";
import { bundleTable, checkTable, overheadTable } from "./tables.ts";

/** The 4× of issue 17's bench: server bytes per appended message over its plaintext bytes. */
export const APPEND_TARGET = 4;

/**
 * `node bench/sync/run.mjs [--smoke]`: the sync foundation's figures. KDF time in Node and in
 * Chromium, what the server stores per appended message, the lazy PouchDB chunk's gzip size,
 * and a replication round trip from IndexedDB in real Chromium. Exits non-zero when the round
 * trip fails or PouchDB lands in the initial chunk. `--append-cost [--messages N]`: only the
 * sync service's cost of one append on a long conversation (`append-cost.ts`).
 */
export async function main(argv: string[], root: string): Promise<number> {
  const smoke = argv.includes("--smoke");
  if (argv.includes("--append-cost")) {
    const at = argv.indexOf("--messages");
    const messages = at >= 0 ? Number(argv[at + 1]) : 10_000;
    console.log(`\n${appendCostTable(await measureAppendCost(root, messages, smoke ? 3 : 12))}\n`);
    return 0;
  }
  const work = mkdtempSync(join(tmpdir(), "parley-sync-bench-"));
  let service: ServiceFigures | undefined;
  if (!argv.includes("--no-service")) {
    service = await serviceFigures(root, work, smoke, argv);
    if (argv.includes("--service-only")) {
      rmSync(work, { recursive: true, force: true });
      return service.met ? 0 : 1;
    }
  }
  const kdf = await measureKdf(smoke ? 1 : 5);
  console.log(`\n${kdfTable(kdf)}\n`);

  const bundle = await buildCheckPage(root, join(work, "page"));
  const site = await serveStatic(bundle.outDir);
  const server = await startSyncServer({ port: 0, origins: [site.origin] });
  const createDatabase = async (name: string) => {
    const response = await fetch(`${server.url}/${name}`, { method: "PUT" });
    if (response.status !== 201) throw new Error(`PUT /${name}: ${response.status}`);
    return `${server.url}/${name}`;
  };
  try {
    const created = await createSyncMeta("bench passphrase");
    if (!created.ok) throw new Error(created.error.code);
    const overhead = await measureOverhead(created.value.keys, createDatabase, smoke);
    console.log(`${overheadTable(overhead, APPEND_TARGET)}\n`);
    console.log(`${bundleTable(bundle)}\n`);

    const records = { "h:5e55a1b2c3d4": '{"title":"Packing list for Ulaanbaatar"}' };
    const check = await runInChromium(site.origin, await createDatabase("browser"), records);
    const raw = await (await fetch(`${server.url}/browser/_all_docs?include_docs=true`)).text();
    const leaked = raw.includes("Ulaanbaatar");
    console.log(`${checkTable(check, leaked)}\n`);

    const lazyOnly = bundle.initial.every((c) => c.pouchModules === 0);
    const roundTrip =
      check.pageErrors.length === 0 &&
      !leaked &&
      check.opened.join("\n") ===
        Object.entries(records)
          .map(([k, v]) => `${k} ${v}`)
          .join("\n");
    const out = smoke
      ? join(tmpdir(), "parley-sync-smoke.json")
      : join(root, "bench/results/sync.json");
    writeJson(out, {
      generatedAt: new Date().toISOString(),
      mode: smoke ? "smoke" : "full",
      kdf,
      overhead,
      bundle: { initial: bundle.initial, lazy: bundle.lazy },
      browser: check,
      service: service?.report,
    });
    console.log(`results written to ${out}`);
    if (!lazyOnly) console.error("sync: PouchDB is in the initial chunk");
    if (!roundTrip) console.error("sync: the Chromium round trip failed");
    return lazyOnly && roundTrip && (service?.met ?? true) ? 0 : 1;
  } finally {
    await server.close();
    site.close();
    rmSync(work, { recursive: true, force: true });
  }
}
