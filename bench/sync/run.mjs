#!/usr/bin/env node
// `node bench/sync/run.mjs [--smoke]`: Node 20 cannot run TypeScript, so bench/sync/main.ts is
// bundled for Node with Vite first, as bench/run.mjs does for the whole suite. One directory per
// process, so a smoke run and a full run at once never share it.
import { rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "vite";

const root = resolve(fileURLToPath(import.meta.url), "../../..");
const outDir = join(root, `node_modules/.cache/parley-bench/sync-${process.pid}`);

await build({
  configFile: false,
  logLevel: "warn",
  root,
  build: {
    ssr: join(root, "bench/sync/main.ts"),
    outDir,
    emptyOutDir: true,
    target: "node20",
    minify: false,
    rolldownOptions: { output: { entryFileNames: "main.mjs" } },
  },
});

const { main } = await import(pathToFileURL(join(outDir, "main.mjs")).href);
rmSync(outDir, { recursive: true, force: true });
process.exitCode = await main(process.argv.slice(2), root);
