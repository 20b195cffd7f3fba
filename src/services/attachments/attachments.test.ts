import { describe, expect, it } from "vitest";
import { MemoryBlobStore } from "../../test/memory-blobs.ts";
import { ATTACH_LIMITS } from "./attach-limits.ts";
import { Attachments, type FileReaders, type PickedFile } from "./attachments.ts";

const file = (name: string, content: string | Uint8Array, size?: number): PickedFile => {
  const bytes = typeof content === "string" ? new TextEncoder().encode(content) : content;
  return { name, size: size ?? bytes.length, arrayBuffer: async () => bytes.slice().buffer };
};
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

function setup(readers: Partial<FileReaders> = {}) {
  const blobs = new MemoryBlobStore();
  const scaled: number[] = [];
  const attachments = new Attachments(blobs, {
    scaleImage: async (blob, edge) => {
      scaled.push(edge);
      return { bytes: new Uint8Array([...blob.bytes, 1]), mime: "image/png" };
    },
    readPdf: async () => "page one",
    ...readers,
  });
  return { blobs, attachments, scaled };
}

describe("Attachments", () => {
  it("reads a text file as UTF-8 and stores it once by its SHA-256", async () => {
    const { attachments, blobs } = setup();
    expect(
      await attachments.add("s1", [file("notes.md", "# 你好"), file("copy.md", "# 你好")]),
    ).toEqual([]);
    const [first, second] = attachments.pending("s1");
    expect(first).toMatchObject({
      name: "notes.md",
      kind: "text",
      text: "# 你好",
      mime: "text/plain",
    });
    expect(first?.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(second).toBeUndefined();
    expect(blobs.blobs.size).toBe(1);
    expect(attachments.pending("other")).toEqual([]);
  });

  it("scales an image to the long edge before storing what was scaled", async () => {
    const { attachments, blobs, scaled } = setup();
    await attachments.add(null, [file("shot.png", png)]);
    const [image] = attachments.pending(null);
    expect(scaled).toEqual([ATTACH_LIMITS.imageEdge]);
    expect(image).toMatchObject({ kind: "image", mime: "image/png", size: png.length + 1 });
    expect(image && (await attachments.dataUrl(image.hash))).toMatch(/^data:image\/png;base64,/);
    expect(blobs.blobs.size).toBe(1);
  });

  it("refuses what it cannot attach, each with why, and keeps the others", async () => {
    const { attachments } = setup({ scaleImage: async () => null });
    const failures = await attachments.add("s", [
      file("ok.txt", "fine"),
      file("bad.txt", new Uint8Array([0x61, 0xff, 0xfe, 0x61])),
      file("pic.svg", "<svg onload='x'></svg>"),
      file("a.zip", new Uint8Array([0x50, 0x4b, 3, 4, 0, 0])),
      file("big.png", png, ATTACH_LIMITS.imageBytes + 1),
      file("broken.png", png),
    ]);
    expect(failures.map((f) => `${f.code} ${f.name}`)).toEqual([
      "not_utf8 bad.txt",
      "svg_refused pic.svg",
      "type_unsupported a.zip",
      "file_too_large big.png",
      "image_unreadable broken.png",
    ]);
    expect(attachments.pending("s").map((a) => a.name)).toEqual(["ok.txt"]);
  });

  it("refuses files beyond the limit of one message", async () => {
    const { attachments } = setup();
    const many = Array.from({ length: ATTACH_LIMITS.files + 1 }, (_, i) =>
      file(`${i}.txt`, `${i}`),
    );
    const failures = await attachments.add("s", many);
    expect(failures).toEqual([
      { code: "too_many_files", name: `${ATTACH_LIMITS.files}.txt`, max: ATTACH_LIMITS.files },
    ]);
    expect(attachments.pending("s")).toHaveLength(ATTACH_LIMITS.files);
  });

  it("lists nothing when the disk is full, and tells the storage alert", async () => {
    const faults: unknown[] = [];
    const blobs = new MemoryBlobStore();
    blobs.put = async () => ({ ok: false, fault: { kind: "quota" } });
    const full = new Attachments(
      blobs,
      { scaleImage: async (b) => b, readPdf: async () => "" },
      (fault) => faults.push(fault),
    );
    expect(await full.add("s", [file("a.txt", "a")])).toEqual([
      { code: "not_stored", name: "a.txt", fault: { kind: "quota" } },
    ]);
    expect(full.pending("s")).toEqual([]);
    expect(faults).toEqual([{ kind: "quota" }]);
  });

  it("takes the list once, and puts an unsent message's files back in front", async () => {
    const { attachments } = setup();
    let told = 0;
    attachments.subscribe(() => told++);
    await attachments.add("s", [file("a.txt", "a"), file("b.txt", "b")]);
    const taken = attachments.take("s");
    expect(attachments.pending("s")).toEqual([]);
    await attachments.add("s", [file("c.txt", "c")]);
    attachments.putBack("s", taken);
    expect(attachments.pending("s").map((a) => a.name)).toEqual(["a.txt", "b.txt", "c.txt"]);
    const b = attachments.pending("s")[1];
    if (b) attachments.remove("s", b.hash);
    expect(attachments.pending("s").map((a) => a.name)).toEqual(["a.txt", "c.txt"]);
    expect(told).toBe(6);
  });

  it("reads a PDF's text up to the page limit", async () => {
    const pages: number[] = [];
    const { attachments } = setup({
      readPdf: async (_b, max) => {
        pages.push(max);
        return "hello";
      },
    });
    await attachments.add("s", [file("doc.pdf", "%PDF-1.7\n...")]);
    expect(pages).toEqual([ATTACH_LIMITS.pdfPages]);
    expect(attachments.pending("s")[0]).toMatchObject({ kind: "pdf", text: "hello" });
  });

  it("tells who listens which bytes an import stored, and nothing when the write failed", async () => {
    const { attachments, blobs } = setup();
    const heard: string[] = [];
    const stop = attachments.onStored((hash) => heard.push(hash));
    const bytes = { mime: "image/png", bytes: new Uint8Array([1, 2, 3]) };
    expect(await attachments.put("a".repeat(64), bytes)).toEqual({ ok: true });
    blobs.put = async () => ({ ok: false, fault: { kind: "quota" } });
    await attachments.put("b".repeat(64), bytes);
    stop();
    blobs.put = async () => ({ ok: true });
    await attachments.put("c".repeat(64), bytes);
    expect(heard).toEqual(["a".repeat(64)]);
  });
});
