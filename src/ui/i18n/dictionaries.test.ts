import { describe, expect, it, vi } from "vitest";
import { dictionaryOf, hasSection, loadSection } from "./dictionaries.ts";
import { translate } from "./use-t.ts";

// src/test/setup-dictionaries.ts has loaded Chinese and every section before this file runs.
describe("the dictionaries with their sections", () => {
  it("has each section in both languages once loaded, so a failure never shows its key", async () => {
    await loadSection("modelError");
    for (const locale of ["en", "zh"] as const) {
      expect(hasSection(locale, "modelError")).toBe(true);
      expect(dictionaryOf(locale)["modelError.unreachable"]).toBeTruthy();
    }
    expect(translate("zh", "modelError.unreachable")).toBe(
      dictionaryOf("zh")["modelError.unreachable"],
    );
    expect(translate("en", "modelError.unreachable")).not.toContain("modelError");
  });

  it("loads a section only when asked, and a language loaded later brings the sections asked for", async () => {
    vi.resetModules();
    const fresh = await import("./dictionaries.ts");
    expect(fresh.hasSection("en", "importWords")).toBe(false);
    expect(fresh.dictionaryOf("en")["interop.problem:file-empty"]).toBeUndefined();
    await fresh.loadSection("importWords");
    expect(fresh.dictionaryOf("en")["interop.problem:file-empty"]).toMatch(/empty/);
    expect(fresh.hasSection("zh", "importWords")).toBe(false);
    await fresh.loadDictionary("zh");
    expect(fresh.hasSection("zh", "importWords")).toBe(true);
    expect(fresh.hasSection("zh", "modelError")).toBe(false);
  });
});
