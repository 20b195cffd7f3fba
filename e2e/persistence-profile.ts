import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium } from "@playwright/test";
import config from "../playwright.config.ts";

/**
 * A Chromium profile on disk. A plain `newContext()` is off the record: IndexedDB lives in
 * memory and quotas are not enforced, so the storage journeys run in a persistent context.
 */
export class DiskProfile {
  readonly dir = mkdtempSync(join(tmpdir(), "parley-e2e-profile-"));

  constructor(private readonly baseURL: string) {}

  launch(): Promise<BrowserContext> {
    const launch = config.use?.launchOptions ?? {};
    return chromium.launchPersistentContext(this.dir, {
      ...(launch.executablePath ? { executablePath: launch.executablePath } : {}),
      args: launch.args ?? [],
      headless: true,
      baseURL: this.baseURL,
      locale: "en-US",
      acceptDownloads: true,
    });
  }

  remove(): void {
    rmSync(this.dir, { recursive: true, force: true, maxRetries: 3 });
  }
}
