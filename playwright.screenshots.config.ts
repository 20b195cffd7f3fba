import { defineConfig } from "@playwright/test";
import base from "./playwright.config.ts";

/** `npm run screenshots`: regenerates docs/screenshots/*.png (not part of `npm test`). */
export default defineConfig({
  ...base,
  testMatch: "**/*.shot.ts",
  workers: 1,
});
