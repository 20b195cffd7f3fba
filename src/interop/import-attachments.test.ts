import { describe, expect, it } from "vitest";
import { attachedFixture, bytesOfSize, imageOf, sessionWith } from "../test/attached-sessions.ts";
import { bytesOf } from "../test/interop-sessions.ts";
import { base64Of, bytesOfBase64 } from "./attachments/bytes.ts";
import { checkAttachments } from "./import-attachments.ts";
import { IMPORT_LIMITS } from "./limits.ts";
import { serializeExport } from "./native-format.ts";
import { readImportFile } from "./read-import-file.ts";

const at = "2026-11-29T12:00:00.000Z";
const app = { name: "Parley", version: "0.1.0" };

async function checked(document: unknown) {
  const result = readImportFile("export.json", bytesOf(document), { now: at });
  if (!result.ok) throw new Error(`${result.error.path}: ${result.error.code}`);
  expect(result.file.failures).toEqual([]);
  return checkAttachments(result.file);
}

async function exported(blobs?: "left-out") {
  const fixture = await attachedFixture();
  const text = serializeExport(fixture.sessions, at, app, blobs ?? fixture.blobs);
  return { ...fixture, document: JSON.parse(text) };
}

/** A base64 text with one character changed: the same length, other bytes. */
function tampered(data: string): string {
  return `${data[0] === "A" ? "B" : "A"}${data.slice(1)}`;
}

describe("importing attachment bytes", () => {
  it("keeps bytes whose SHA-256 is the hash the messages name, with no note", async () => {
    const { a, b, blobs, document } = await exported();
    const file = await checked(document);
    expect(file.verifiedBlobs.map((x) => [x.hash, x.mime])).toEqual([
      [a.hash, "image/png"],
      [b.hash, "image/webp"],
    ]);
    expect(file.verifiedBlobs[1]?.bytes).toEqual(blobs.get(b.hash));
    expect(file.notes).toEqual([[], []]);
    expect(file.warnings).toEqual([]);
  });

  it("a tampered attachment is a warning at its path and a note on each conversation naming it; the messages still import", async () => {
    const { a, b, document } = await exported();
    document.attachments[1].data = tampered(document.attachments[1].data);
    const file = await checked(document);
    expect(file.verifiedBlobs.map((x) => x.hash)).toEqual([a.hash]);
    expect(file.warnings).toEqual([
      {
        path: "$.attachments[1].data",
        code: "attachment-damaged",
        hash: expect.stringMatching(/^[0-9a-f]{12}$/),
      },
    ]);
    const note = { code: "attachment-mismatch", count: 1, detail: "chart.webp" };
    expect(file.notes).toEqual([[note], [note]]);
    expect(file.sessions).toHaveLength(2);
    expect(file.sessions[1]?.messages[0]?.attachments).toEqual([b]);
  });

  it("an attachment the file lacks is a note, told apart from bytes left out by choice", async () => {
    const { document } = await exported();
    document.attachments.splice(0, 1);
    const missing = await checked(document);
    expect(missing.notes[0]).toEqual([
      { code: "attachment-missing", count: 1, detail: "photo.png" },
    ]);
    expect(missing.notes[1]).toEqual([]);

    const leftOut = await checked((await exported("left-out")).document);
    expect(leftOut.verifiedBlobs).toEqual([]);
    expect(leftOut.notes[0]).toEqual([
      { code: "attachment-left-out", count: 2, detail: "photo.png, chart.webp" },
    ]);
  });

  it("drops bytes no conversation names, and reads a version 2 file (no attachments) as before", async () => {
    const { document } = await exported();
    const stray = bytesOfSize(10, 7);
    const extra = await imageOf("stray.png", stray);
    document.attachments.push({
      hash: extra.hash,
      mime: "image/png",
      data: Buffer.from(stray).toString("base64"),
    });
    expect((await checked(document)).verifiedBlobs).toHaveLength(2);

    const older = { ...document, version: 2 };
    delete older.attachments;
    const file = await checked(older);
    expect(file.format).toEqual({ id: "parley", version: 2 });
    expect(file.notes[0]?.[0]?.code).toBe("attachment-missing");
  });
});

describe("hostile attachment lists", () => {
  it("an entry that is not one (bad hash, not base64, over the size limit) is left out with a warning", async () => {
    const { a, b, document } = await exported();
    const big = "A".repeat(4 * Math.ceil(IMPORT_LIMITS.maxAttachmentBytes / 3) + 4);
    document.attachments = [
      { hash: "XYZ", mime: "image/png", data: "AAAA" },
      { ...document.attachments[0], data: "not base64!" },
      { ...document.attachments[0], data: big },
      { ...document.attachments[1], script: "<script>" },
    ];
    const file = await checked(document);
    expect(file.warnings.map((w) => w.path)).toEqual([
      "$.attachments[0].hash",
      "$.attachments[1].data",
      "$.attachments[2].data",
      "$.attachments[3]",
    ]);
    expect(file.verifiedBlobs).toEqual([]);
    expect(file.notes[0]?.[0]).toEqual({
      code: "attachment-missing",
      count: 2,
      detail: `${a.name}, ${b.name}`,
    });
  });

  it("refuses a file with more attachment entries than the limit, before decoding any", () => {
    const session = sessionWith("000000000001", at, []);
    const document = JSON.parse(serializeExport([session], at, app));
    const entry = { hash: "0".repeat(64), mime: "image/png", data: "AAAA" };
    document.attachments = Array.from({ length: IMPORT_LIMITS.maxAttachments + 1 }, () => entry);
    const result = readImportFile("evil.json", bytesOf(document), { now: at });
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.error).toEqual({
        path: "$.attachments",
        code: "too-many-attachments",
        count: 10_001,
        max: 10_000,
      });
  });

  it("a list that is not a list is a warning, and the conversations import", async () => {
    const { document } = await exported();
    document.attachments = { evil: true };
    const file = await checked(document);
    expect(file.warnings[0]?.path).toBe("$.attachments");
    expect(file.sessions).toHaveLength(2);
  });
});

describe("base64", () => {
  it("round-trips every byte value and sizes across slice edges, as Buffer encodes them", () => {
    for (const size of [0, 1, 2, 3, 8191, 8192, 8193, 30_000]) {
      const bytes = Uint8Array.from({ length: size }, (_, i) => (i * 131 + 7) % 256);
      const text = base64Of(bytes);
      expect(text).toBe(Buffer.from(bytes).toString("base64"));
      expect(bytesOfBase64(text)).toEqual(bytes);
    }
  });
});
