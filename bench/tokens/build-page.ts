import { join } from "node:path";
import { build } from "vite";

/**
 * Builds the bench page (`bench/tokens/index.html`) as the app is built: the counter's module
 * worker and the tokenizer it imports come out as chunks of their own, as they would in the app.
 */
export async function buildTokenPage(root: string, outDir: string): Promise<void> {
  await build({
    configFile: false,
    logLevel: "warn",
    root: join(root, "bench/tokens"),
    base: "./",
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    build: { outDir, emptyOutDir: true, target: "es2022", modulePreload: false },
  });
}
