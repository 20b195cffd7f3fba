#!/usr/bin/env node
// `node bench/tree/run.mjs [--smoke]`: Node 20 cannot run TypeScript, so bench/tree/main.ts
// is bundled for Node with Vite first, as bench/persist/run.mjs does.
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "vite";

const root = resolve(fileURLToPath(import.meta.url), "../../..");
const outDir = join(root, "node_modules/.cache/parley-bench/tree");

await build({
  configFile: false,
  logLevel: "warn",
  root,
  build: {
    ssr: join(root, "bench/tree/main.ts"),
    outDir,
    emptyOutDir: true,
    target: "node20",
    minify: false,
    rolldownOptions: { output: { entryFileNames: "main.mjs" } },
  },
});

const { main } = await import(pathToFileURL(join(outDir, "main.mjs")).href);
process.exitCode = await main(process.argv.slice(2));
