import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, type CDPSession, chromium, type Page } from "@playwright/test";

import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../chromium.config.ts";

export { CHROMIUM_ARGS };

/** The same Chromium and flags as the e2e tests (`chromium.config.ts`). */
export function chromiumPath(): string {
  return CHROMIUM_PATH;
}

export const VIEWPORT = { width: 1280, height: 800 };

/**
 * A browser on a profile kept on disk. A plain `newContext()` keeps IndexedDB in memory, so
 * everything that reads or writes storage runs in a persistent context.
 */
export async function launchProfile(
  userDataDir: string,
  options: { bypassCSP?: boolean } = {},
): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath(),
    args: CHROMIUM_ARGS,
    headless: true,
    viewport: VIEWPORT,
    locale: "en-US",
    bypassCSP: options.bypassCSP ?? false,
  });
}

export function firstPage(context: BrowserContext): Promise<Page> {
  const page = context.pages()[0];
  return page ? Promise.resolve(page) : context.newPage();
}

/** A directory under the system's temp dir, removed by `cleanup`. */
export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `parley-bench-${prefix}-`));
}

export function copyProfile(from: string, prefix: string): string {
  const to = tempDir(prefix);
  cpSync(from, to, { recursive: true });
  return to;
}

export function removeDir(path: string): void {
  rmSync(path, { recursive: true, force: true, maxRetries: 3 });
}

/** The renderer's main-thread busy time so far, in milliseconds (CDP `Performance.getMetrics`). */
export async function mainThreadMs(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send("Performance.getMetrics");
  const task = metrics.find((m) => m.name === "TaskDuration");
  return (task?.value ?? Number.NaN) * 1000;
}

/** The JS heap in use after a full garbage collection, in bytes. */
export async function heapAfterGc(cdp: CDPSession): Promise<number> {
  await cdp.send("HeapProfiler.collectGarbage");
  await cdp.send("HeapProfiler.collectGarbage");
  const { usedSize } = await cdp.send("Runtime.getHeapUsage");
  return usedSize;
}
