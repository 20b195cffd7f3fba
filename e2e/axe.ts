import type { Page } from "@playwright/test";
import axe from "axe-core";

declare global {
  interface Window {
    axe?: typeof axe;
  }
}

/**
 * The serious and critical axe violations of the page as it is now. axe-core is put into the
 * page once (again after a navigation) and run there directly: `@axe-core/playwright` injects
 * it into every frame on each analysis and gathers the results in a new blank page, which cost
 * several seconds a run on a busy two-core machine, against a fraction of one for the run
 * itself. The app has no frames, so nothing is missed.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => window.axe !== undefined))) await page.evaluate(axe.source);
  return page.evaluate(async () => {
    const engine = window.axe;
    if (!engine) throw new Error("axe-core did not load in the page");
    const result = await engine.run(document, { resultTypes: ["violations"] });
    return result.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  });
}
