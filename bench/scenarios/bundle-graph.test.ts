import { describe, expect, test } from "vitest";
import { HEAVY_SOURCE, initialGraph, staticImports } from "./bundle-graph.ts";

describe("staticImports", () => {
  test("finds minified static imports and re-exports, not dynamic import()", () => {
    const code = `import{a as b}from"./chunk-a.js";import"./side.js";export*from"./re.js";const x=()=>import("./lazy.js");import c from "react";`;
    expect(staticImports(code)).toEqual(["./chunk-a.js", "./side.js", "./re.js"]);
  });
});

describe("initialGraph", () => {
  test("follows the entry and its static imports transitively, once each", () => {
    const files: Record<string, string> = {
      "/index.html": `<script type="module" crossorigin src="/assets/index-1.js"></script><link rel="modulepreload" crossorigin href="/assets/vendor-2.js"><link rel="stylesheet" crossorigin href="/assets/index-3.css">`,
      "/assets/index-1.js": `import{r}from"./vendor-2.js";import("./markdown-4.js")`,
      "/assets/vendor-2.js": `import"./shared-5.js";`,
      "/assets/shared-5.js": `import"./vendor-2.js";`,
    };
    const graph = initialGraph((p) => {
      const text = files[p];
      if (text === undefined) throw new Error(`read ${p}`);
      return text;
    });
    expect(graph.js.sort()).toEqual([
      "/assets/index-1.js",
      "/assets/shared-5.js",
      "/assets/vendor-2.js",
    ]);
    expect(graph.css).toEqual(["/assets/index-3.css"]);
  });
});

describe("HEAVY_SOURCE", () => {
  test("names PouchDB, which only sync loads, on demand", () => {
    expect(HEAVY_SOURCE.test("../../node_modules/pouchdb-core/lib/index-browser.es.js")).toBe(true);
    expect(HEAVY_SOURCE.test("../../node_modules/pouchdb-adapter-idb/lib/index.es.js")).toBe(true);
  });

  test("names KaTeX, mermaid and DOMPurify, which load with the first answer that needs them", () => {
    expect(HEAVY_SOURCE.test("../../node_modules/katex/dist/katex.mjs")).toBe(true);
    expect(HEAVY_SOURCE.test("../../node_modules/mermaid/dist/mermaid.core.mjs")).toBe(true);
    expect(HEAVY_SOURCE.test("../../node_modules/dompurify/dist/purify.es.mjs")).toBe(true);
    // The page's own part that loads them is not them.
    expect(HEAVY_SOURCE.test("../../src/ui/markdown/math-syntax.ts")).toBe(false);
  });

  test("names syntax highlighters and the import worker, not React", () => {
    expect(HEAVY_SOURCE.test("../../node_modules/highlight.js/lib/core.js")).toBe(true);
    expect(HEAVY_SOURCE.test("../../node_modules/lowlight/lib/index.js")).toBe(true);
    expect(HEAVY_SOURCE.test("../../src/interop/import-worker.ts")).toBe(true);
    expect(HEAVY_SOURCE.test("../../src/interop/attachments/pdf-worker.ts")).toBe(true);
    // The page's side of a worker is not the worker.
    expect(HEAVY_SOURCE.test("../../src/interop/attachments/worker-calls.ts")).toBe(false);
    expect(HEAVY_SOURCE.test("../../node_modules/gpt-tokenizer/esm/bpeRanks/o200k_base.js")).toBe(
      true,
    );
    expect(HEAVY_SOURCE.test("../../src/tokens/token-worker.ts")).toBe(true);
    expect(HEAVY_SOURCE.test("../../src/tokens/worker-encoder.ts")).toBe(false);
    expect(HEAVY_SOURCE.test("../../node_modules/react-dom/cjs/react-dom.production.js")).toBe(
      false,
    );
  });
});
