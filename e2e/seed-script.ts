import { rmSync } from "node:fs";
import { join } from "node:path";
import { buildSeedScript } from "../bench/runner/seed.ts";

/**
 * The bench's seeding script (`bench/page/seed-entry.ts`), bundled for a page. Each worker
 * builds in a directory of its own and removes it: two workers building into one directory
 * (the build empties it first) could read each other's half-written file.
 */
export async function bundleSeedScript(): Promise<string> {
  const root = join(import.meta.dirname, "..");
  const dir = join(root, `node_modules/.cache/parley-e2e-seed-${process.pid}`);
  try {
    return await buildSeedScript(root, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
