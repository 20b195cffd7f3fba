import { describe, expect, test } from "vitest";
import { decodeMappings, moduleName, sourceAt } from "./source-map.ts";

describe("decodeMappings", () => {
  test("decodes relative columns and sources across segments and lines", () => {
    // line 0: col 0 → source 0; col 5 → source 1. line 1: col 2 → source 1 (carried), col 10 → source 0.
    const lines = decodeMappings("AAAA,KCAA;EAAA,QDAA");
    expect(lines).toEqual([
      [
        { column: 0, source: 0 },
        { column: 5, source: 1 },
      ],
      [
        { column: 2, source: 1 },
        { column: 10, source: 0 },
      ],
    ]);
    expect(sourceAt(lines, 0, 4)).toBe(0);
    expect(sourceAt(lines, 0, 7)).toBe(1);
    expect(sourceAt(lines, 1, 1)).toBeUndefined();
    expect(sourceAt(lines, 1, 12)).toBe(0);
  });
});

describe("moduleName", () => {
  test("names packages, scoped packages and project files", () => {
    expect(moduleName("../../node_modules/react-dom/cjs/react-dom.production.js")).toBe(
      "react-dom",
    );
    expect(moduleName("../../node_modules/@tanstack/virtual-core/dist/index.js")).toBe(
      "@tanstack/virtual-core",
    );
    expect(moduleName("../../src/ui/markdown/parse.ts")).toBe("src/ui/markdown/parse.ts");
  });
});
