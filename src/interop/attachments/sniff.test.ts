import { describe, expect, it } from "vitest";
import { sniffAttachment } from "./sniff.ts";

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(
    parts.flatMap((p) => (typeof p === "string" ? Array.from(p, (c) => c.charCodeAt(0)) : p)),
  );

describe("sniffAttachment", () => {
  it("tells the four image types by their signatures, whatever the name says", () => {
    expect(sniffAttachment(bytes([0x89], "PNG\r\n\x1a\n", [0, 0]))).toEqual({
      kind: "image",
      mime: "image/png",
    });
    expect(sniffAttachment(bytes([0xff, 0xd8, 0xff, 0xe0]))).toMatchObject({ mime: "image/jpeg" });
    expect(sniffAttachment(bytes("GIF89a"))).toMatchObject({ mime: "image/gif" });
    expect(sniffAttachment(bytes("RIFF", [1, 2, 3, 4], "WEBPVP8 "))).toMatchObject({
      mime: "image/webp",
    });
  });

  it("does not take a RIFF audio file for WebP", () => {
    expect(sniffAttachment(bytes("RIFF", [0x24, 0, 0, 0], "WAVEfmt "))).toEqual({ kind: "binary" });
  });

  it("tells a PDF, an SVG and text apart", () => {
    expect(sniffAttachment(bytes("%PDF-1.7\n"))).toEqual({ kind: "pdf", mime: "application/pdf" });
    expect(sniffAttachment(bytes('<?xml version="1.0"?>\n<svg xmlns="x">'))).toEqual({
      kind: "svg",
    });
    expect(sniffAttachment(bytes("<svg><script>alert(1)</script></svg>"))).toEqual({ kind: "svg" });
    expect(sniffAttachment(bytes("# notes\n<svg> in text"))).toMatchObject({ kind: "text" });
  });

  it("calls a file with NUL bytes binary", () => {
    expect(sniffAttachment(bytes("PK", [3, 4, 0, 0]))).toEqual({ kind: "binary" });
  });
});
