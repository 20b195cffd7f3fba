import { describe, expect, it } from "vitest";
import { type AttachmentSet, blobBytes, blobSpecs, placements } from "./attachment-set.ts";
import type { SessionGroup } from "./sessions.ts";

const set: AttachmentSet = { bytes: 600_000, blobs: 12, longTail: 3 };
const sidebar: SessionGroup = { tag: "Chat", count: 5, messages: 10 };
const long: SessionGroup = { tag: "Long", count: 1, messages: 121, startHour: 20 };

describe("the attachment store's generated files", () => {
  it("add up to the set's bytes, PDFs and PNGs, the largest at most three times the smallest", () => {
    const specs = blobSpecs(set);
    expect(specs).toHaveLength(12);
    const total = specs.reduce((sum, s) => sum + s.size, 0);
    expect(Math.abs(total - set.bytes)).toBeLessThan(set.blobs);
    const sizes = specs.map((s) => s.size);
    expect(Math.max(...sizes) / Math.min(...sizes)).toBeLessThanOrEqual(3);
    expect(new Set(sizes).size).toBeGreaterThan(1);
    expect(specs.filter((s) => s.kind === "pdf").map((s) => s.name)).toEqual([
      "report-0003.pdf",
      "report-0006.pdf",
      "report-0009.pdf",
      "report-0012.pdf",
    ]);
    expect(specs[0]).toMatchObject({ name: "photo-0001.png", mime: "image/png", kind: "image" });
  });

  it("start with their type's header, are the same for the same spec and differ between files", () => {
    const [png, , pdf] = blobSpecs(set);
    if (!png || !pdf) throw new Error("expected specs");
    const bytes = blobBytes(png);
    expect(bytes.length).toBe(png.size);
    expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(new TextDecoder().decode(bytes.subarray(12, 16))).toBe("IHDR");
    expect(new TextDecoder().decode(blobBytes(pdf).subarray(0, 9))).toBe("%PDF-1.7\n");
    const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));
    expect(same(blobBytes(png), bytes)).toBe(true);
    expect(same(blobBytes({ ...png, index: 1 }), bytes)).toBe(false);
  });

  it("are random past the header, so nothing compresses them", () => {
    const [png] = blobSpecs({ bytes: 400_000, blobs: 1, longTail: 0 });
    if (!png) throw new Error("expected a spec");
    const counts = new Array<number>(256).fill(0);
    for (const b of blobBytes(png).subarray(64)) counts[b] = (counts[b] ?? 0) + 1;
    const mean = (png.size - 64) / 256;
    for (const c of counts) expect(Math.abs(c - mean)).toBeLessThan(mean * 0.25);
  });
});

describe("where the files are attached", () => {
  it("every file goes to a user message of a sidebar conversation, and the first ones to the long one's last user messages", () => {
    const all = placements(set, sidebar, long);
    const spread = all.filter((p) => p.tag === "Chat");
    expect(spread.map((p) => p.blob)).toEqual([...Array(12).keys()]);
    for (const p of spread) {
      expect(p.index).toBeLessThan(sidebar.count);
      expect(p.message % 2).toBe(0);
      expect(p.message).toBeLessThan(sidebar.messages);
    }
    expect(new Set(spread.map((p) => p.index)).size).toBe(sidebar.count);
    expect(all.filter((p) => p.tag === "Long")).toEqual([
      { tag: "Long", index: 0, message: 120, blob: 0 },
      { tag: "Long", index: 0, message: 118, blob: 1 },
      { tag: "Long", index: 0, message: 116, blob: 2 },
    ]);
  });

  it("the long conversation's last user message is the one before an answer that ends it", () => {
    const tail = placements(set, sidebar, { ...long, messages: 120 }).filter(
      (p) => p.tag === "Long",
    );
    expect(tail.map((p) => p.message)).toEqual([118, 116, 114]);
  });
});
