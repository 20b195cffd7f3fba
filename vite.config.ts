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

// The libraries of the shell, which Rolldown puts in chunks of their own when the entry and
// Parley's lazy chunks share them (React, zod's mini schemas, the menus' and dialogs' Radix and
// floating-ui, grouped below as `ui-kit`).
const SHELL_LIBRARIES =
  /node_modules[\\/](react|zod|@radix-ui|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-sidecar|use-callback-ref|aria-hidden|get-nonce|detect-node-es|tslib)[\\/]/;

/**
 * Chunks holding Parley's own code (the start-up chunks beside the entry, the dialogs, the
 * Markdown renderer, the Chinese words, the menus) or only the shell's libraries are named
 * `app-…`, so the service worker precaches exactly those and the app works offline even where a
 * part was never opened online.
 */
function chunkName(chunk: { name: string; facadeModuleId: string | null; moduleIds: string[] }) {
  const own = chunk.moduleIds.some((id) => id.startsWith(SOURCE));
  const shell = chunk.moduleIds.every((id) => id.startsWith("\0") || SHELL_LIBRARIES.test(id));
  return (own && !HEAVY_PARTS.includes(chunk.name)) || (!own && shell)
    ? "assets/app-[name]-[hash].js"
    : "assets/[name]-[hash].js";
}

export default defineConfig({
  plugins: [
    react(),
    proxyDevPlugin(),
    // The app shell (the entry, Parley's own chunks and the shell's libraries, see `chunkName`)
    // is precached, so the app opens without the server; a new deployment waits until the user
    // takes the reload it offers (`src/ui/update-offer.tsx`). Heavy lazy chunks (highlighting, KaTeX, mermaid, PDF, sync's
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
    rolldownOptions: {
      output: {
        chunkFileNames: chunkName,
        // The menus' and the dialogs' libraries in one chunk, loaded when the page is idle
        // (`ui/controls/lazy-overlays.tsx`) rather than a few shared pieces of each; their own
        // dependencies (React) stay where they are.
        codeSplitting: {
          groups: [
            {
              name: "ui-kit",
              test: (id) =>
                !/node_modules[\\/](react|zod)[\\/]/.test(id) && SHELL_LIBRARIES.test(id),
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
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
