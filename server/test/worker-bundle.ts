import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";

/** Bundles `server/worker.ts` into one ES module for workerd, as wrangler would. */
export async function bundleWorker(): Promise<string> {
  const root = fileURLToPath(new URL("../../", import.meta.url));
  const outDir = mkdtempSync(join(tmpdir(), "parley-worker-"));
  await build({
    configFile: false,
    root,
    logLevel: "silent",
    publicDir: false,
    resolve: { conditions: ["workerd", "worker", "browser", "import", "default"] },
    ssr: { noExternal: true, target: "webworker" },
    build: {
      ssr: "server/worker.ts",
      outDir,
      emptyOutDir: true,
      minify: false,
      sourcemap: false,
      rolldownOptions: { output: { format: "es", entryFileNames: "worker.js" } },
    },
  });
  return join(outDir, "worker.js");
}
