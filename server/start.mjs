#!/usr/bin/env node
// `npm start`: build when the build is missing or older than its sources, then serve.
// `--build-only` stops after the build: `npm test` builds beside the unit tests, so the e2e
// suite's three servers and the bench's find the build done.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = resolve(fileURLToPath(import.meta.url), "../..");
const stamp = join(root, "dist", ".build-stamp");
const inputs = [
  "src",
  "server",
  "public",
  "index.html",
  "package.json",
  "package-lock.json",
  "vite.config.ts",
];

function newest(path) {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let latest = info.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === "node_modules" || entry.endsWith(".test.ts") || entry.endsWith(".test.tsx"))
      continue;
    latest = Math.max(latest, newest(join(path, entry)));
  }
  return latest;
}

const sourcesChanged = Math.max(...inputs.map((p) => newest(join(root, p))));
const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;

if (builtAt < sourcesChanged || process.argv.includes("--rebuild")) {
  console.log(
    builtAt === 0 ? "parley: building (first start)…" : "parley: sources changed, rebuilding…",
  );
  const result = spawnSync("npm", ["run", "-s", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) {
    console.error("parley: the build failed; fix the errors above and run `npm start` again.");
    process.exit(result.status ?? 1);
  }
  writeFileSync(stamp, new Date().toISOString());
}

if (!process.argv.includes("--build-only")) {
  await import(pathToFileURL(join(root, "dist", "server", "node.js")).href);
}
