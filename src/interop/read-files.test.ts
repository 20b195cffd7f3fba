import { describe, expect, it } from "vitest";
import { readFiles } from "./read-files.ts";

describe("readFiles", () => {
  it("reads several files and reports progress per file", async () => {
    const files = [
      new File(['[{"role":"user","content":"hi"}]'], "a.json"),
      new File(["not json"], "b.json"),
    ];
    const seen: string[] = [];
    const results = await readFiles(files, "2026-11-29T12:00:00.000Z", (i, name, p) =>
      seen.push(`${i}:${name}:${p.phase}`),
    );
    expect(results.map((r) => r.ok)).toEqual([true, false]);
    expect(seen).toContain("0:a.json:parsing");
    expect(seen).toContain("1:b.json:reading");
  });

  it("refuses a file over the limit from its size, without reading it", async () => {
    const huge = new File([], "huge.json");
    Object.defineProperty(huge, "size", { value: 200 * 1024 * 1024 });
    Object.defineProperty(huge, "arrayBuffer", {
      value: () => Promise.reject(new Error("must not be read")),
    });
    const [result] = await readFiles([huge], "2026-11-29T12:00:00.000Z", () => {});
    expect(result).toEqual({
      ok: false,
      fileName: "huge.json",
      error: { path: "$", code: "file-too-large", megabytes: 200, maxMegabytes: 150 },
    });
  });

  it("a file the browser cannot give is refused with a code, and the next file is still read", async () => {
    const gone = new File(["[]"], "gone.json");
    Object.defineProperty(gone, "arrayBuffer", {
      value: () => Promise.reject(new DOMException("moved", "NotReadableError")),
    });
    const next = new File(['[{"role":"user","content":"hi"}]'], "next.json");
    const results = await readFiles([gone, next], "2026-11-29T12:00:00.000Z", () => {});
    expect(results[0]).toEqual({
      ok: false,
      fileName: "gone.json",
      error: { path: "$", code: "file-unreadable" },
    });
    expect(results[1]?.ok).toBe(true);
  });
});
