/**
 * The Chromium that e2e tests and benchmarks launch: Debian's package unless `CHROMIUM_PATH`
 * names another executable, with the flags a sandbox-less CI machine needs.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
