import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { proxyDevPlugin } from "./server/vite-plugin.ts";

export default defineConfig({
  plugins: [react(), proxyDevPlugin()],
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
