import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative, sep } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = import.meta.dirname;

/**
 * The server's layers, lowest first. A module imports its own folder or a lower layer, never a
 * higher one: the provider contract (`contract/`) is what `upstream/`, `chat/` and `providers/`
 * share, so none of them reaches into another's folder to find it. Root files not listed are the
 * entry points and the app, the top layer.
 */
const LAYERS: ReadonlyArray<[string, number]> = [
  ["config", 0],
  ["errors.ts", 0],
  ["cut-text.ts", 0],
  ["sleep.ts", 0],
  ["log-entry.ts", 0],
  ["contract", 1],
  ["upstream", 2],
  ["chat", 3],
  ["providers", 3],
  ["models", 4],
  ["context.ts", 5],
  ["middleware", 6],
  ["routes", 6],
];
const TOP = 7;

function unitOf(path: string): { unit: string; rank: number } {
  const first = path.split("/")[0] ?? path;
  const rank = LAYERS.find(([name]) => name === first)?.[1];
  return rank === undefined ? { unit: "app", rank: TOP } : { unit: first, rank };
}

function sources(): string[] {
  return readdirSync(ROOT, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts"))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)).split(sep).join("/"))
    .filter((path) => !path.endsWith(".test.ts") && !path.startsWith("test/"));
}

function violations(path: string, source: string): string[] {
  const from = unitOf(path);
  const out: string[] = [];
  for (const m of source.matchAll(/(?:\bfrom\s+|\bimport\s*\(?\s*)"(\.[^"]+)"/gu)) {
    const target = normalize(join(dirname(path), m[1] ?? ""))
      .split(sep)
      .join("/");
    if (target.startsWith("..")) continue;
    const to = unitOf(target);
    if (to.unit !== from.unit && to.rank >= from.rank)
      out.push(`${path} imports ${target} (${from.unit} may not import ${to.unit})`);
  }
  return out;
}

describe("the server's folders point one way", () => {
  it("no module imports a module of its own layer's neighbours or of a higher layer", () => {
    const files = sources();
    expect(files.length).toBeGreaterThan(40);
    const found = files.flatMap((path) => violations(path, readFileSync(join(ROOT, path), "utf8")));
    expect(found).toEqual([]);
  });

  it("reports an upstream module that reaches into providers/ for the contract", () => {
    const source = 'import type { StreamEvent } from "../providers/openai/openai.ts";';
    expect(violations("upstream/normalize.ts", source)).toEqual([
      "upstream/normalize.ts imports providers/openai/openai.ts (upstream may not import providers)",
    ]);
    expect(
      violations("chat/aggregate.ts", 'import { x } from "../providers/registry.ts";'),
    ).toEqual(["chat/aggregate.ts imports providers/registry.ts (chat may not import providers)"]);
    expect(
      violations("providers/http-provider.ts", 'import { x } from "../contract/provider.ts";'),
    ).toEqual([]);
  });
});
