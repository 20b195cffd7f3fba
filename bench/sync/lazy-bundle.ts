import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "vite";
import { bundledSources, gzipBytes, initialGraph } from "../scenarios/bundle-graph.ts";

export interface ChunkSize {
  file: string;
  gzipBytes: number;
  pouchModules: number;
}

export interface LazyBundle {
  outDir: string;
  initial: ChunkSize[];
  lazy: ChunkSize[];
}

/** Builds the check page with Vite as the app is built and sizes its initial and lazy chunks. */
export async function buildCheckPage(root: string, outDir: string): Promise<LazyBundle> {
  await build({
    configFile: false,
    logLevel: "warn",
    root: join(root, "bench/sync/page"),
    base: "./",
    build: { outDir, emptyOutDir: true, sourcemap: true },
  });
  const graph = initialGraph((file) => readFileSync(join(outDir, file), "utf8"));
  const size = (file: string): ChunkSize => ({
    file,
    gzipBytes: gzipBytes(readFileSync(join(outDir, file))),
    pouchModules: bundledSources(outDir, file).filter((s) => s.includes("node_modules/pouchdb"))
      .length,
  });
  const all = readdirSync(join(outDir, "assets"))
    .filter((f) => f.endsWith(".js"))
    .map((f) => `/assets/${f}`);
  return {
    outDir,
    initial: graph.js.map(size),
    lazy: all.filter((f) => !graph.js.includes(f)).map(size),
  };
}
