import { existsSync, readFileSync } from "node:fs";
import { posix } from "node:path";
import { gzipSync } from "node:zlib";

/** Files the browser must fetch before the app can start, read from Vite's output. */
export interface InitialGraph {
  js: string[];
  css: string[];
}

const SCRIPT = /<script\b[^>]*\bsrc="([^"]+)"/g;
const PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g;
const STYLESHEET = /<link\b[^>]*\brel="stylesheet"[^>]*\bhref="([^"]+)"/g;
const STATIC_IMPORT = /(?:\bimport|\bexport)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+\.m?js)["']/g;

function matches(text: string, pattern: RegExp): string[] {
  return [...text.matchAll(pattern)].map((m) => m[1] as string);
}

/** The static `import`/`export … from` specifiers of a built module (not `import()`). */
export function staticImports(code: string): string[] {
  return matches(code, STATIC_IMPORT).filter((s) => s.startsWith(".") || s.startsWith("/"));
}

function toPath(url: string, from: string): string {
  const clean = url.split(/[?#]/)[0] as string;
  return clean.startsWith("/") ? posix.normalize(clean) : posix.join(posix.dirname(from), clean);
}

/** The entry scripts of `index.html` and everything they import statically, transitively. */
export function initialGraph(readText: (path: string) => string): InitialGraph {
  const html = readText("/index.html");
  const queue = [...matches(html, SCRIPT), ...matches(html, PRELOAD)]
    .filter((u) => !/^https?:/.test(u))
    .map((u) => toPath(u, "/index.html"));
  const seen = new Set<string>();
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const spec of staticImports(readText(file))) queue.push(toPath(spec, file));
  }
  const css = matches(html, STYLESHEET).map((u) => toPath(u, "/index.html"));
  return { js: [...seen], css };
}

export function gzipBytes(content: Buffer | string): number {
  return gzipSync(content).length;
}

/** Sources bundled into a built file, from its source map (empty when there is none). */
export function bundledSources(distDir: string, file: string): string[] {
  const map = `${distDir}${file}.map`;
  if (!existsSync(map)) return [];
  const parsed = JSON.parse(readFileSync(map, "utf8")) as { sources?: string[] };
  return parsed.sources ?? [];
}

/** What must not be in the initial graph: syntax highlighting, the import worker, PouchDB (sync), the tokenizer, zod's chaining API (start-up code uses zod/mini), the Markdown renderer (marked; it loads beside the conversations), and KaTeX, mermaid and DOMPurify, which load with the first answer that has math or a diagram (issue 15). */
export const HEAVY_SOURCE =
  /node_modules\/(?:highlight\.js|lowlight|shiki|prismjs|refractor|@speed-highlight|@shikijs|pouchdb-[\w-]+|gpt-tokenizer|zod\/v4\/classic|marked|katex|mermaid|dompurify)\/|src\/interop\/.*-worker\.ts$|src\/tokens\/token-worker/;
