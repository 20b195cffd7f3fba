import type { SessionGroup } from "../data/sessions.ts";
import type { SeedAttachments, SeedReport } from "../page/seed-entry.ts";
import { firstPage, launchProfile, tempDir } from "./browser.ts";
import { bundlePageScript } from "./page-bundle.ts";

/** Bundles `bench/page/seed-entry.ts` (and the app's persistence it imports) into one script. */
export function buildSeedScript(root: string, outDir: string): Promise<string> {
  return bundlePageScript(root, "bench/page/seed-entry.ts", outDir, "parleyBenchSeedBundle");
}

/**
 * A new browser profile whose IndexedDB, for the app's origin, holds the given groups. The
 * script runs in a page of that origin that is not the app (`/healthz`), so nothing else
 * opens the database meanwhile. With `attachments`, their files are stored first and the
 * messages the set names carry them.
 */
export async function seedProfile(
  origin: string,
  script: string,
  groups: SessionGroup[],
  name: string,
  attachments?: SeedAttachments,
): Promise<{ dir: string; report: SeedReport }> {
  const dir = tempDir(name);
  const context = await launchProfile(dir);
  try {
    const page = await firstPage(context);
    await page.goto(`${origin}/healthz`);
    await page.evaluate(script);
    const report = await page.evaluate(
      ({ g, a }) =>
        (
          globalThis as unknown as {
            parleyBenchSeed: (g: SessionGroup[], a?: SeedAttachments) => Promise<SeedReport>;
          }
        ).parleyBenchSeed(g, a),
      { g: groups, a: attachments },
    );
    return { dir, report };
  } finally {
    await context.close();
  }
}
