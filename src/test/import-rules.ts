import { posix } from "node:path";
import { findImports, scanSource } from "./source-scan.ts";

/** A file to check, with its path relative to the repository root (forward slashes). */
export interface SourceFile {
  path: string;
  source: string;
}

type Layer =
  | "core"
  | "persistence"
  | "store"
  | "services"
  | "net"
  | "interop"
  | "sync"
  | "tokens"
  | "ui"
  | "app"
  | "test"
  | "server"
  | "other";

const SRC_LAYERS = [
  "core",
  "persistence",
  "store",
  "services",
  "net",
  "interop",
  "sync",
  "tokens",
  "ui",
  "app",
  "test",
] as const;

export function layerOf(path: string): Layer {
  if (path.startsWith("server/")) return "server";
  for (const layer of SRC_LAYERS) if (path.startsWith(`src/${layer}/`)) return layer;
  return "other";
}

export function isTestFile(path: string): boolean {
  return /\.test\.tsx?$/.test(path) || path.startsWith("src/test/");
}

/** Things core never touches: the world comes in through its arguments. */
const CORE_FORBIDDEN_GLOBALS: ReadonlyArray<[RegExp, string]> = [
  [/(?<![\w$.])fetch\s*\(|\b(?:globalThis|window|self)\s*\.\s*fetch\b/, "fetch"],
  [/(?<![\w$.])indexedDB\b|\b(?:globalThis|window|self)\s*\.\s*indexedDB\b/, "indexedDB"],
  [/\bDate\s*\.\s*now\b/, "Date.now"],
  [/\bnew\s+Date\s*\(\s*\)/, "new Date() (the current time)"],
  [/\bMath\s*\.\s*random\b/, "Math.random"],
  [/(?<![\w$.])set(?:Timeout|Interval)\b/, "setTimeout/setInterval"],
  [/(?<![\w$.])requestAnimationFrame\b/, "requestAnimationFrame"],
  [/\bperformance\s*\.\s*now\b/, "performance.now"],
  [/(?<![\w$.])(?:localStorage|sessionStorage)\b/, "localStorage/sessionStorage"],
  [/(?<![\w$.])XMLHttpRequest\b/, "XMLHttpRequest"],
];

/** What core's tests may import besides core, src/test and Node: the test runner and its helpers. */
const CORE_TEST_PACKAGES = ["zod", "vitest", "fast-check"];

const FETCH_CALL = /(?<![\w$.])fetch\s*\(|\b(?:globalThis|window|self)\s*\.\s*fetch\b/;

function packageName(specifier: string): string {
  if (specifier.startsWith("node:")) return specifier;
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] ?? specifier);
}

/**
 * Every broken layer rule in `files`, one readable line each (`file:line: what, and the rule`).
 * The rules are ARCHITECTURE.md's "Imports point one way".
 */
export function checkImportRules(files: readonly SourceFile[]): string[] {
  const violations: string[] = [];
  for (const file of files) {
    const layer = layerOf(file.path);
    const test = isTestFile(file.path);
    const { code, bare } = scanSource(file.source);
    const report = (line: number, message: string) =>
      violations.push(`${file.path}:${line}: ${message}`);
    const lineOf = (pattern: RegExp) => {
      const m = pattern.exec(bare);
      return m ? bare.slice(0, m.index).split("\n").length : 0;
    };

    for (const ref of findImports(code, bare)) {
      const relative = ref.specifier.startsWith(".");
      const target = relative
        ? posix.normalize(posix.join(posix.dirname(file.path), ref.specifier))
        : undefined;
      const targetLayer = target ? layerOf(target) : undefined;
      const pkg = relative ? undefined : packageName(ref.specifier);
      const say = (rule: string) => report(ref.line, `imports "${ref.specifier}": ${rule}`);

      if (pkg === "idb-keyval" && layer !== "persistence")
        say("only src/persistence may import idb-keyval");
      if (pkg === "zustand" && layer !== "store") say("only src/store may import zustand");
      if (layer === "services" && !test && (pkg === "react" || pkg === "react-dom"))
        say("services are framework-free: no React");
      if (pkg?.startsWith("pouchdb") && layer !== "sync")
        say("only src/sync may import PouchDB (loaded lazily, when sync is on)");
      if (pkg === "fflate" && layer !== "sync")
        say("only src/sync may import fflate (the documents' DEFLATE, loaded with sync)");
      if (pkg === "gpt-tokenizer" && layer !== "tokens")
        say("only src/tokens may import gpt-tokenizer (it loads in a worker, never with the page)");

      if (layer === "core" && !test) {
        if (target && targetLayer !== "core")
          say("core imports nothing of the project outside src/core");
        if (pkg && !["zod", "zustand", "idb-keyval"].includes(pkg))
          say("core imports no package except zod (no framework, no I/O)");
      }
      if (layer === "core" && test) {
        if (target && targetLayer !== "core" && targetLayer !== "test")
          say("core tests import only core and src/test");
        if (pkg && !CORE_TEST_PACKAGES.includes(pkg) && !pkg.startsWith("node:"))
          say("core tests import no framework");
      }
      if (
        layer === "server" &&
        !test &&
        target?.startsWith("src/") &&
        target !== "src/core/wire.ts"
      )
        say("the server imports only src/core/wire.ts of src");
      if (test || !targetLayer || targetLayer === layer) continue;

      if (targetLayer === "test") say("only tests import src/test");
      else if (targetLayer === "app") say("nothing imports src/app, the composition root");
      else if (targetLayer === "tokens" && layer !== "app")
        say("only src/app builds the token counter; the rest count through core's TokenCounter");
      else if (layer === "ui" && targetLayer === "persistence")
        say("ui never imports persistence; go through the store");
      else if (
        (layer === "persistence" || layer === "net" || layer === "interop" || layer === "tokens") &&
        targetLayer !== "core"
      )
        say(`${layer} imports only core of the project`);
      else if (layer === "sync" && targetLayer !== "core" && targetLayer !== "persistence")
        say("sync imports only core and persistence of the project (never ui or store)");
      else if (layer === "store") {
        const repository = target === "src/persistence/repository.ts";
        if (targetLayer === "persistence" && !(repository && ref.typeOnly))
          say("store imports only the types of src/persistence/repository.ts (the interface)");
        else if (targetLayer !== "core" && targetLayer !== "persistence")
          say("store imports only core and the persistence interface");
      } else if (layer === "services") {
        const repository = target === "src/persistence/repository.ts";
        if (targetLayer === "persistence" && !(repository && ref.typeOnly))
          say("services import only the types of src/persistence/repository.ts (the interface)");
        else if (targetLayer === "net" && !ref.typeOnly)
          say("services import only the types of src/net (the composition root builds the client)");
        else if (targetLayer === "ui") say("services never import ui");
      }
    }

    if (layer === "core" && !test)
      for (const [pattern, name] of CORE_FORBIDDEN_GLOBALS)
        if (pattern.test(bare))
          report(
            lineOf(pattern),
            `uses ${name}: core gets time, ids and I/O passed in (RunContext, CoreEnv)`,
          );
    const mayFetch = layer === "net" || layer === "app" || layer === "core";
    if (file.path.startsWith("src/") && !test && !mayFetch && FETCH_CALL.test(bare))
      report(lineOf(FETCH_CALL), "calls fetch: only src/net (and src/app) talk to the network");
  }
  return violations;
}
