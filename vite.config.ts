import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { VitePWA } from "vite-plugin-pwa";
import { defineConfig } from "vitest/config";
import { proxyDevPlugin } from "./server/vite-plugin.ts";

// Parley's own lazily loaded parts that load heavy libraries; they are cached once used instead
// of being precached with the shell. (Workers, pdf.js's reader among them, are named
// `[name]-[hash].js` anyway.)
const HEAVY_PARTS = ["mermaid-renderer", "mermaid-diagram", "math-renderer", "browser-pouch"];
const SOURCE = fileURLToPath(new URL("./src/", import.meta.url));

/**
 * Chunks holding Parley's own code are named `app-…` (the start-up chunks beside the entry, the
 * dialogs, the Markdown renderer, the Chinese words), so the service worker precaches exactly
 * those and the app works offline even where a part was never opened online.
 */
function chunkName(chunk: { name: string; facadeModuleId: string | null; moduleIds: string[] }) {
  const own = chunk.moduleIds.some((id) => id.startsWith(SOURCE));
  return own && !HEAVY_PARTS.includes(chunk.name)
    ? "assets/app-[name]-[hash].js"
    : "assets/[name]-[hash].js";
}

export default defineConfig({
  plugins: [
    react(),
    proxyDevPlugin(),
    // The app shell (the entry and Parley's own chunks, see `chunkName`) is precached, so the app
    // opens without the server; a new deployment waits until the user takes the reload it offers
    // (`src/ui/update-offer.tsx`). Heavy lazy chunks (highlighting, KaTeX, mermaid, PDF, sync's
    // PouchDB, the import worker) are kept once used; `/v1` and `/healthz`
    // never touch a cache.
    VitePWA({
      registerType: "prompt",
      injectRegister: false,
      manifest: false,
      workbox: {
        globPatterns: [
          "index.html",
          "assets/index-*.{js,css}",
          "assets/app-*.js",
          "assets/{rolldown-runtime,preload-helper}-*.js",
          "icon.svg",
          "icons/*.png",
          "manifest.webmanifest",
        ],
        navigateFallback: "index.html",
        navigateFallbackDenylist: [/^\/v1\//, /^\/healthz/],
        runtimeCaching: [
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith("/assets/"),
            handler: "CacheFirst",
            options: { cacheName: "parley-assets", expiration: { maxEntries: 200 } },
          },
        ],
      },
    }),
  ],
  build: {
    outDir: "dist/client",
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: { output: { chunkFileNames: chunkName } },
  },
  test: {
    include: ["src/**/*.test.{ts,tsx}", "server/**/*.test.ts", "bench/**/*.test.ts"],
    environment: "node",
    setupFiles: ["src/test/setup-dictionaries.ts"],
    testTimeout: 20_000,
    // Hooks start child processes (the sync server: Node and express-pouchdb), which took over
    // 10 s, Vitest's default, with the shared 2-core machine's load average near 20.
    hookTimeout: 60_000,
    // Vitest's default outside watch mode is one worker fewer than the cores: on CI's two cores
    // that is one file at a time, and the run spent more time forking than testing.
    maxWorkers: "100%",
  },
});
