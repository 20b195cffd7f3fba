import { describe, expect, it } from "vitest";
import { bytesOf } from "../test/interop-sessions.ts";
import { notAnExport } from "./file-kind.ts";

const bytes = (...values: Array<number | string>) =>
  new Uint8Array(
    values.flatMap((v) => (typeof v === "number" ? [v] : Array.from(v, (c) => c.charCodeAt(0)))),
  );

describe("notAnExport", () => {
  it("dropping an image on the window: names images, PDFs, archives and media by their first bytes", () => {
    expect(notAnExport(bytes(0x89, "PNG\r\n\x1a\n", 0, 0, 0, 13, "IHDR"), "image/png")).toBe(
      "image",
    );
    expect(notAnExport(bytes(0xff, 0xd8, 0xff, 0xe0), "")).toBe("image");
    expect(notAnExport(bytes("GIF89a"), "")).toBe("image");
    expect(notAnExport(bytes("RIFF", 0, 0, 0, 0, "WEBPVP8 "), "")).toBe("image");
    expect(notAnExport(bytes(0, 0, 0, 24, "ftypheic"), "")).toBe("image");
    expect(notAnExport(bytes("%PDF-1.7\n"), "application/pdf")).toBe("pdf");
    expect(notAnExport(bytes("PK\x03\x04", 20, 0), "application/zip")).toBe("archive");
    expect(notAnExport(bytes(0x1f, 0x8b, 8, 0), "")).toBe("archive");
    expect(notAnExport(bytes(0, 0, 0, 32, "ftypisom"), "video/mp4")).toBe("media");
    expect(notAnExport(bytes("ID3", 4, 0), "")).toBe("media");
  });

  it("goes by content, not by the name or the MIME type alone", () => {
    expect(notAnExport(bytes(0x89, "PNG\r\n\x1a\n"), "application/json")).toBe("image");
    expect(notAnExport(bytesOf('[{"role":"user","content":"hi"}]'), "image/png")).toBeUndefined();
    expect(notAnExport(bytesOf("just some notes"), "image/png")).toBe("image");
    expect(notAnExport(bytesOf("just some notes\nand more"), "text/plain")).toBe("text");
    expect(notAnExport(bytes(1, 2, 3, 0, 5, 6, 7, 0, 200, 201), "")).toBe("binary");
  });

  it("lets through whatever may be JSON, so the import reads it and says what is wrong", () => {
    expect(notAnExport(bytesOf('  \n{"format":"parley"'), "")).toBeUndefined();
    expect(notAnExport(bytes(0xef, 0xbb, 0xbf, "[1]"), "")).toBeUndefined();
    expect(notAnExport(bytes(0xff, 0xfe, "{", 0, '"', 0), "")).toBeUndefined();
    expect(notAnExport(bytes("[", 0, "]", 0), "")).toBeUndefined();
    expect(notAnExport(bytes("{ not json"), "")).toBeUndefined();
    expect(notAnExport(new Uint8Array(), "")).toBeUndefined();
  });
});
