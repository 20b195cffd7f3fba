import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium.config.ts";

const port = Number(process.env.E2E_PORT ?? 4178);

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: "en-US",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    command: "node server/start.mjs",
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DEMO_DELAY_MS: process.env.DEMO_DELAY_MS ?? "15",
      // The whole suite is one client address acting for many people at once (two workers, the
      // 581-answer corpora spec among them), so the per-address limit is raised here; the limit
      // itself is covered by server/test/access.test.ts.
      PARLEY_RATE_LIMIT_PER_MINUTE: "1200",
      PARLEY_RATE_LIMIT_BURST: "300",
    },
  },
});
