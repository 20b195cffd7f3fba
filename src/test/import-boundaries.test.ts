import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { describe, expect, it } from "vitest";
import { findCircles } from "./import-circles.ts";
import { checkImportRules, type SourceFile } from "./import-rules.ts";
import { findImports, scanSource } from "./source-scan.ts";

const ROOT = join(import.meta.dirname, "..", "..");

function sourceFiles(dir: string): SourceFile[] {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(?:tsx?|mjs|js)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => !path.split(sep).includes("node_modules"))
    .map((path) => ({
      path: relative(ROOT, path).split(sep).join("/"),
      source: readFileSync(path, "utf8"),
    }));
}

describe("the import graph of src/ and server/", () => {
  it("follows the layer rules of ARCHITECTURE.md", () => {
    const files = [...sourceFiles("src"), ...sourceFiles("server")];
    expect(files.length).toBeGreaterThan(50);
    const violations = checkImportRules(files);
    expect(violations, `Import rules broken:\n  ${violations.join("\n  ")}\n`).toEqual([]);
  });
});

describe("the import graph of src/ and server/, without tests", () => {
  it("has no circle: no files import each other in a loop, through types either", () => {
    const files = [...sourceFiles("src"), ...sourceFiles("server")].filter(
      (f) => !/\.test\.tsx?$/.test(f.path),
    );
    const circles = findCircles(files);
    expect(circles, `Circles:\n  ${circles.map((c) => c.join(" -> ")).join("\n  ")}\n`).toEqual([]);
  });
});

describe("findCircles", () => {
  const file = (path: string, source: string) => ({ path, source });
  it("finds files that import each other, through a type import too, and nothing else", () => {
    const files = [
      file("src/a.ts", 'import { b } from "./b.ts";'),
      file("src/b.ts", 'import type { C } from "./c.ts";'),
      file("src/c.ts", 'import { a } from "./a.ts";'),
      file("src/d.ts", 'import { a } from "./a.ts";'),
    ];
    expect(findCircles(files)).toEqual([["src/a.ts", "src/b.ts", "src/c.ts"]]);
    expect(findCircles(files.slice(1))).toEqual([]);
  });
});

describe("checkImportRules", () => {
  const check = (path: string, source: string) => checkImportRules([{ path, source }]);

  it.each([
    ["src/core/a.ts", 'import { create } from "zustand";', "only src/store may import zustand"],
    ["src/core/a.ts", 'import React from "react";', "core imports no package except zod"],
    [
      "src/core/a.ts",
      'import { get } from "idb-keyval";',
      "only src/persistence may import idb-keyval",
    ],
    ["src/core/a.ts", 'import { Hono } from "hono";', "core imports no package except zod"],
    [
      "src/core/a.ts",
      'export { x } from "../store/x.ts";',
      "core imports nothing of the project outside src/core",
    ],
    [
      "src/core/a.ts",
      'const m = await import("../net/x.ts");',
      "core imports nothing of the project outside src/core",
    ],
    ["src/core/a.ts", "const t = Date.now();", "uses Date.now"],
    ["src/core/a.ts", "const r = Math.random();", "uses Math.random"],
    ["src/core/a.ts", "const d = new Date();", "uses new Date()"],
    ["src/core/a.ts", "setTimeout(f, 1);", "uses setTimeout/setInterval"],
    ["src/core/a.ts", "const db = indexedDB.open('x');", "uses indexedDB"],
    ["src/core/a.ts", "await fetch(url);", "uses fetch"],
    [
      "src/ui/a.tsx",
      'import { repo } from "../persistence/idb.ts";',
      "ui never imports persistence",
    ],
    ["src/ui/a.tsx", "fetch('/v1/models');", "only src/net (and src/app) talk to the network"],
    [
      "src/store/a.ts",
      'import { create } from "../persistence/idb.ts";',
      "store imports only the types of src/persistence/repository.ts",
    ],
    [
      "src/store/a.ts",
      'import { x } from "../persistence/repository.ts";',
      "store imports only the types",
    ],
    [
      "src/store/a.ts",
      'import { useThing } from "../ui/thing.tsx";',
      "store imports only core and the persistence interface",
    ],
    [
      "src/net/a.ts",
      'import { useStore } from "../store/store.ts";',
      "net imports only core of the project",
    ],
    [
      "src/store/a.ts",
      'import { SessionCache } from "../services/sessions/session-cache.ts";',
      "store imports only core and the persistence interface",
    ],
    ["src/services/a.ts", 'import { Button } from "../ui/button.tsx";', "services never import ui"],
    ["src/services/a.ts", 'import { useState } from "react";', "services are framework-free"],
    [
      "src/services/a.ts",
      'import { openBrowserRepository } from "../persistence/open-browser-repository.ts";',
      "services import only the types of src/persistence/repository.ts",
    ],
    [
      "src/services/a.ts",
      'import { createHttpModelClient } from "../net/http-model-client.ts";',
      "services import only the types of src/net",
    ],
    ["src/persistence/a.ts", 'import { x } from "../app/main.tsx";', "nothing imports src/app"],
    [
      "src/ui/a.tsx",
      'import { buildSession } from "../test/builders.ts";',
      "only tests import src/test",
    ],
    [
      "server/a.ts",
      'import { runTurn } from "../src/core/index.ts";',
      "the server imports only src/core/wire.ts of src",
    ],
    [
      "src/ui/a.tsx",
      'import { create } from "zustand/react";',
      "only src/store may import zustand",
    ],
    [
      "src/sync/a.ts",
      'import { useStore } from "../store/store.ts";',
      "sync imports only core and persistence of the project",
    ],
    [
      "src/sync/a.ts",
      'const m = await import("../ui/settings.tsx");',
      "sync imports only core and persistence of the project",
    ],
    ["src/sync/a.ts", 'import { get } from "../net/models.ts";', "sync imports only core"],
    [
      "src/persistence/a.ts",
      'import PouchDB from "pouchdb-core";',
      "only src/sync may import PouchDB",
    ],
    [
      "src/ui/a.tsx",
      'const p = await import("pouchdb-adapter-idb");',
      "only src/sync may import PouchDB",
    ],
    ["src/sync/a.ts", "await fetch(url);", "only src/net (and src/app) talk to the network"],
    [
      "src/net/a.ts",
      'import { countTokens } from "gpt-tokenizer/encoding/o200k_base";',
      "only src/tokens may import gpt-tokenizer",
    ],
    [
      "src/ui/a.tsx",
      'const { encode } = await import("gpt-tokenizer");',
      "only src/tokens may import gpt-tokenizer",
    ],
    [
      "src/tokens/a.ts",
      'import { useStore } from "../store/store.ts";',
      "tokens imports only core of the project",
    ],
    [
      "src/ui/a.tsx",
      'import { createTokenCounter } from "../tokens/index.ts";',
      "only src/app builds the token counter",
    ],
  ])("%s: %s is reported", (path, source, message) => {
    const violations = check(path, source);
    expect(violations).toHaveLength(1);
    expect(violations[0]).toContain(message);
    expect(violations[0]).toMatch(new RegExp(`^${path}:1: `));
  });

  it.each([
    ["src/core/a.ts", 'import * as z from "zod";\nimport type { X } from "./b.ts";'],
    [
      "src/core/a.ts",
      '/** never calls Date.now or fetch() */\nconst s = "Math.random() setTimeout";',
    ],
    ["src/core/a.ts", `const re = /fetch\\(/; const t = \`Date.now() $\{a + \`setTimeout\`}\`;`],
    [
      "src/core/a.test.ts",
      'import { it } from "vitest";\nimport { testEnv } from "../test/builders.ts";\nsetTimeout(f);',
    ],
    ["src/core/a.ts", "const x = options.fetch(url); const y = { fetch: 1 };"],
    ["src/store/a.ts", 'import type { SessionRepository } from "../persistence/repository.ts";'],
    ["src/store/a.ts", 'import { type SessionRepository } from "../persistence/repository.ts";'],
    ["src/store/a.ts", 'import { create } from "zustand";'],
    [
      "src/services/a.ts",
      'import type { AppState } from "../store/app-state.ts";\nimport { planImport } from "../interop/import-plan.ts";\nimport type { ProxyConfig } from "../net/proxy-config.ts";',
    ],
    ["src/ui/a.tsx", 'import type { Services } from "../services/services.ts";'],
    ["src/persistence/a.ts", 'import { get } from "idb-keyval";'],
    ["src/ui/a.tsx", 'import { useModels } from "../net/models-query.ts";'],
    ["src/app/main.tsx", 'import { x } from "../persistence/idb.ts";\nfetch("/x");'],
    [
      "server/a.ts",
      'import type { WireChunk } from "../src/core/wire.ts";\nimport { Hono } from "hono";',
    ],
    ["src/persistence/a.test.ts", 'import { buildSession } from "../test/builders.ts";'],
    [
      "src/sync/a.ts",
      'import { ID_PATTERN } from "../core/id.ts";\nimport type { X } from "../persistence/repository.ts";',
    ],
    ["src/sync/a.ts", 'const m = await import("pouchdb-core");\nimport * as z from "zod";'],
    ["src/sync/a.test.ts", 'import { testKeys } from "../test/sync-keys.ts";'],
    [
      "src/tokens/a.ts",
      'import { messageTokens } from "../core/context/chat-format.ts";\nconst m = await import("gpt-tokenizer/encoding/o200k_base");',
    ],
    ["src/app/compose.ts", 'import { createTokenCounter } from "../tokens/index.ts";'],
    ["src/core/a.test.ts", 'import fc from "fast-check";'],
  ])("%s: %j is allowed", (path, source) => {
    expect(check(path, source)).toEqual([]);
  });
});

describe("scanSource", () => {
  it("removes comments but keeps strings in code, and blanks literals in bare", () => {
    const { code, bare } = scanSource(
      `const a = "x//y"; // note\nconst b = /a"b/g; /* c */ \`t $\{"u"} v\``,
    );
    expect(code).toContain('"x//y"');
    expect(code).not.toContain("note");
    expect(bare).not.toContain("x//y");
    expect(bare).not.toContain('a"b');
    expect(bare).toContain("const b =");
    expect(bare).not.toMatch(/\bt\b|\bv\b/);
  });

  it("finds every kind of import with its line", () => {
    const refs = findImports(
      'import a from "a";\nimport type { B } from "b";\nexport * from "c";\nimport "d";\nconst e = import("e");\nimport {\n  type F,\n  type G,\n} from "f";',
    );
    expect(refs.map((r) => [r.specifier, r.typeOnly, r.line])).toEqual([
      ["a", false, 1],
      ["b", true, 2],
      ["c", false, 3],
      ["f", true, 6],
      ["d", false, 4],
      ["e", false, 5],
    ]);
  });
});
