import { appendFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { build } from "vite";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../chromium.config.ts";
import { startTrace, stopTrace } from "../runner/trace.ts";
import { serveStatic } from "./browser-check.ts";
import type { ChildSyncServer } from "./devices.ts";
import type { PageFirstSync, RepositoryKind } from "./first/entry.ts";

export interface FirstSyncReport extends PageFirstSync {
  conversations: number;
  messagesEach: number;
  repository: RepositoryKind;
}

/**
 * The first sync of `conversations` × `messagesEach` in headless Chromium (the page of
 * `bench/sync/first/`, built with Vite as the app is): up from one device, down to another.
 */
export async function measureFirstSync(
  root: string,
  work: string,
  startServer: (origin: string) => Promise<ChildSyncServer>,
  conversations: number,
  messagesEach: number,
  repository: RepositoryKind,
  /** Where to write a Chrome trace of the page (top-level tasks and V8's samples), if anywhere. */
  traceFile?: string,
): Promise<FirstSyncReport> {
  const outDir = join(work, "first");
  await build({
    configFile: false,
    logLevel: "warn",
    root: join(root, "bench/sync/first"),
    base: "./",
    build: { outDir, emptyOutDir: true, minify: false },
  });
  const site = await serveStatic(outDir);
  const server = await startServer(site.origin);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(site.origin);
    await page.waitForFunction(() => typeof window.parleyFirstSync === "function");
    const remote = await server.createDatabase("bench-first-sync");
    const cdp = traceFile ? await page.context().newCDPSession(page) : undefined;
    if (cdp)
      await startTrace(cdp, ["disabled-by-default-v8.cpu_profiler", "disabled-by-default-cppgc"]);
    const result = await page.evaluate(([url, c, m, r]) => window.parleyFirstSync(url, c, m, r), [
      remote,
      conversations,
      messagesEach,
      repository,
    ] as const);
    if (cdp && traceFile) writeLines(traceFile, await stopTrace(cdp));
    if (errors.length) throw new Error(`first sync page: ${errors.join("; ")}`);
    return { ...result, conversations, messagesEach, repository };
  } finally {
    await browser.close();
    await server.stop();
    site.close();
  }
}

/** One JSON line per event, a batch at a time: a full-size trace is more than a string holds. */
function writeLines(file: string, events: readonly unknown[]) {
  writeFileSync(file, "");
  for (let i = 0; i < events.length; i += 10_000)
    appendFileSync(
      file,
      `${events
        .slice(i, i + 10_000)
        .map((e) => JSON.stringify(e))
        .join("\n")}\n`,
    );
}
