import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium.config.ts";

import { INSTANT_DEMO_PORT, SUITE_PORT, SYNC_PORT } from "./e2e/ports.ts";

const port = SUITE_PORT;

function suiteServer(serverPort: number, demoDelayMs: string) {
  return {
    command: "node server/start.mjs",
    url: `http://127.0.0.1:${serverPort}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: {
      PORT: String(serverPort),
      HOST: "127.0.0.1",
      DEMO_DELAY_MS: demoDelayMs,
      // The whole suite is one client address acting for many people at once (two workers, each
      // sending many messages), so the per-address limit is raised here; the limit
      // itself is covered by server/test/access.test.ts.
      PARLEY_RATE_LIMIT_PER_MINUTE: "1200",
      PARLEY_RATE_LIMIT_BURST: "300",
      // The page may call the sync spec's server (connect-src); nothing else is added.
      PARLEY_SYNC_ORIGINS: `http://127.0.0.1:${SYNC_PORT}`,
    },
  };
}

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
  // Two servers of one build: the suite's, whose demo words arrive 15 ms apart so answers can be
  // watched and stopped, and one whose demo answers at once, for specs that only need an answer
  // to exist (the sync spec's devices).
  // Playwright starts them in order, so the second finds the first one's build.
  webServer: [
    suiteServer(port, process.env.DEMO_DELAY_MS ?? "15"),
    suiteServer(INSTANT_DEMO_PORT, "0"),
    {
      command: `node scripts/sync-server.mjs --port ${SYNC_PORT} --origin http://127.0.0.1:${port} --origin http://127.0.0.1:${INSTANT_DEMO_PORT}`,
      url: `http://127.0.0.1:${SYNC_PORT}/`,
      reuseExistingServer: false,
    },
  ],
});
