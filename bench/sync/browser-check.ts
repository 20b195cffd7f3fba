import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize } from "node:path";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../chromium.config.ts";
import type { BrowserSyncCheck } from "./page/entry.ts";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".map": "application/json",
};

/** Serves a built directory on a free loopback port; resolves with its origin and a stop. */
export async function serveStatic(dir: string): Promise<{ origin: string; close(): void }> {
  const server = createServer((req, res) => {
    const path = normalize(new URL(req.url ?? "/", "http://x").pathname).replace(
      /^(\.\.[/\\])+/,
      "",
    );
    const file = join(dir, path === "/" ? "index.html" : path);
    try {
      const body = readFileSync(file);
      res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => server.close(),
  };
}

/** Opens the check page in headless Chromium and runs `parleySyncCheck` against `remote`. */
export async function runInChromium(
  origin: string,
  remote: string,
  records: Record<string, string>,
): Promise<BrowserSyncCheck & { pageErrors: string[] }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));
    await page.goto(origin);
    await page.waitForFunction(() => typeof window.parleySyncCheck === "function");
    const result = await page.evaluate(([url, recs]) => window.parleySyncCheck(url, recs), [
      remote,
      records,
    ] as const);
    return { ...result, pageErrors };
  } finally {
    await browser.close();
  }
}
