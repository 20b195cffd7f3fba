import { readFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "vite";

/**
 * Bundles a page-side benchmark entry (and the app code it imports) into one script that
 * `page.addScriptTag` or `evaluate` can run; it defines `name` on the page's window.
 */
export async function bundlePageScript(
  root: string,
  entry: string,
  outDir: string,
  name: string,
): Promise<string> {
  await build({
    configFile: false,
    logLevel: "warn",
    root,
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    build: {
      outDir,
      emptyOutDir: true,
      minify: false,
      target: "es2022",
      lib: { entry: join(root, entry), formats: ["iife"], name, fileName: () => "page.js" },
    },
  });
  return readFileSync(join(outDir, "page.js"), "utf8");
}
