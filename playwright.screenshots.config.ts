import { defineConfig } from "@playwright/test";
import base from "./playwright.config.ts";

/** `npm run screenshots`: regenerates docs/screenshots/*.png (not part of `npm test`). */
export default defineConfig({
  ...base,
  testMatch: "**/*.shot.ts",
  workers: 1,
  // Each picture first builds its conversation by sending six messages: 17 s on a shared
  // machine at a load average of 12, and one of eight passed 30 s there.
  timeout: 90_000,
});
