import { describe, expect, it } from "vitest";
import { en } from "./en.ts";
import { zh } from "./zh.ts";

const placeholders = (text: string) =>
  [...text.matchAll(/\{(\w+)(?:\|[^}]*)?\}/g)].map((m) => m[1]).sort();

describe("the one dictionary", () => {
  it("has every key in English and in Chinese, none of them empty", () => {
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    for (const [key, text] of [...Object.entries(en), ...Object.entries(zh)])
      expect(text.trim(), key).not.toBe("");
  });

  it("gives both languages the same values to fill in", () => {
    for (const key of Object.keys(en) as (keyof typeof en)[])
      expect([...new Set(placeholders(zh[key]))], key).toEqual([...new Set(placeholders(en[key]))]);
  });
});
