import react from "@vitejs/plugin-react";
import { VitePWA } from "vite-plugin-pwa";
import { defineConfig } from "vitest/config";
import { proxyDevPlugin } from "./server/vite-plugin.ts";

export default defineConfig({
  plugins: [
    react(),
    proxyDevPlugin(),
    // The app shell is precached, so the app opens without the server; a new deployment waits
    // until the user takes the reload it offers (`src/ui/update-offer.tsx`). Lazy chunks
    // (highlighting, KaTeX, mermaid, the import worker) are kept once used; `/v1` and `/healthz`
    // never touch a cache.
    VitePWA({
      registerType: "prompt",
      injectRegister: false,
      manifest: false,
      workbox: {
        globPatterns: [
          "index.html",
          "assets/index-*.{js,css}",
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
  },
  test: {
    include: ["src/**/*.test.{ts,tsx}", "server/**/*.test.ts", "bench/**/*.test.ts"],
    environment: "node",
    testTimeout: 20_000,
  },
});
