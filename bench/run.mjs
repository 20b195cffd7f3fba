#!/usr/bin/env node
// `npm run bench`: Node 20 cannot run TypeScript, so the runner (bench/runner/main.ts) is
// bundled for Node with Vite first; packages stay external and load from node_modules.
import { rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "vite";

const root = resolve(fileURLToPath(import.meta.url), "../..");
// One directory per process, so two runs at once (a smoke in npm test, a full run) never share it.
const outDir = join(root, `node_modules/.cache/parley-bench/runner-${process.pid}`);

await build({
  configFile: false,
  logLevel: "warn",
  root,
  build: {
    ssr: join(root, "bench/runner/main.ts"),
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
