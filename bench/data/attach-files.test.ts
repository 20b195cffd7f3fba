import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { photoPng } from "./photo-png.ts";
import { textPdf } from "./text-pdf.ts";

describe("the attach bench's generated files", () => {
  it("a photo PNG is the same bytes for the same seed, with its size in the header and all rows present", () => {
    const png = photoPng(64, 48, 7);
    expect(photoPng(64, 48, 7).equals(png)).toBe(true);
    expect(photoPng(64, 48, 8).equals(png)).toBe(false);
    expect(png.subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
    expect([png.readUInt32BE(16), png.readUInt32BE(20), png[24], png[25]]).toEqual([64, 48, 8, 2]);
    const idatLength = png.readUInt32BE(33);
    expect(png.subarray(37, 41).toString("ascii")).toBe("IDAT");
    const raw = inflateSync(png.subarray(41, 41 + idatLength));
    expect(raw.length).toBe(48 * (64 * 3 + 1));
  });

  it("a text PDF has every page, and its cross-reference table points at each object", () => {
    const pdf = textPdf(3, 5, 1);
    const text = pdf.toString("latin1");
    expect(textPdf(3, 5, 1).equals(pdf)).toBe(true);
    expect(text.match(/\/Type \/Page /g)).toHaveLength(3);
    expect(text).toContain("/Count 3");
    const xref = Number(/startxref\n(\d+)/.exec(text)?.[1]);
    const entries = text
      .slice(xref)
      .split("\n")
      .slice(3, 3 + 9);
    entries.forEach((entry, i) => {
      const offset = Number(entry.slice(0, 10));
      expect(text.slice(offset, offset + 12)).toMatch(new RegExp(`^${i + 1} 0 obj`));
    });
    expect(text).toMatch(/\/Contents 5 0 R/);
  });
});
