import { describe, expect, it } from "vitest";
import { decodeText, firstInvalidUtf8 } from "./decode-text.ts";

function utf16(text: string, littleEndian: boolean, bom: boolean): Uint8Array {
  const units = (bom ? "\uFEFF" : "") + text;
  const out = new Uint8Array(units.length * 2);
  const view = new DataView(out.buffer);
  for (let i = 0; i < units.length; i++) view.setUint16(i * 2, units.charCodeAt(i), littleEndian);
  return out;
}

function textOf(bytes: Uint8Array) {
  const result = decodeText(bytes);
  if (!result.ok) throw new Error(result.error.code);
  return result.value;
}

describe("decodeText", () => {
  it("reads UTF-8 and drops a byte order mark with a note", () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('{"a":"中文"}')]);
    const decoded = textOf(bytes);
    expect(decoded.text).toBe('{"a":"中文"}');
    expect(decoded.warnings).toEqual([{ path: "$", code: "bom-ignored" }]);
  });

  it.each([
    [true, true],
    [false, true],
    [true, false],
    [false, false],
  ])("reads UTF-16 (little endian %s, BOM %s)", (littleEndian, bom) => {
    const decoded = textOf(utf16('[{"role":"user","content":"שלום 😀"}]', littleEndian, bom));
    expect(decoded.text).toBe('[{"role":"user","content":"שלום 😀"}]');
    expect(decoded.encoding).toBe(littleEndian ? "utf-16le" : "utf-16be");
  });

  it("refuses invalid UTF-8 and names the broken byte", () => {
    const bytes = new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]);
    expect(firstInvalidUtf8(bytes)).toBe(6);
    expect(decodeText(bytes)).toEqual({
      ok: false,
      error: { path: "$", code: "not-utf8", byte: 6 },
    });
  });

  it("refuses surrogates encoded as UTF-8 (CESU)", () => {
    expect(firstInvalidUtf8(new Uint8Array([0x41, 0xed, 0xa0, 0x80]))).toBe(1);
  });
});
