import { readFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "vite";
import type { SessionGroup } from "../data/sessions.ts";
import type { SeedReport } from "../page/seed-entry.ts";
import { firstPage, launchProfile, tempDir } from "./browser.ts";

/** Bundles `bench/page/seed-entry.ts` (and the app's persistence it imports) into one script. */
export async function buildSeedScript(root: string, outDir: string): Promise<string> {
  await build({
    configFile: false,
    logLevel: "warn",
    root,
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    build: {
      outDir,
      emptyOutDir: true,
      minify: false,
      target: "es2022",
      lib: {
        entry: join(root, "bench/page/seed-entry.ts"),
        formats: ["iife"],
        name: "parleyBenchSeedBundle",
        fileName: () => "seed.js",
      },
    },
  });
  return readFileSync(join(outDir, "seed.js"), "utf8");
}

/**
 * A new browser profile whose IndexedDB, for the app's origin, holds the given groups. The
 * script runs in a page of that origin that is not the app (`/healthz`), so nothing else
 * opens the database meanwhile.
 */
export async function seedProfile(
  origin: string,
  script: string,
  groups: SessionGroup[],
  name: string,
): Promise<{ dir: string; report: SeedReport }> {
  const dir = tempDir(name);
  const context = await launchProfile(dir);
  try {
    const page = await firstPage(context);
    await page.goto(`${origin}/healthz`);
    await page.evaluate(script);
    const report = await page.evaluate(
      (g) =>
        (
          globalThis as unknown as { parleyBenchSeed: (g: SessionGroup[]) => Promise<SeedReport> }
        ).parleyBenchSeed(g),
      groups,
    );
    return { dir, report };
  } finally {
    await context.close();
  }
}
