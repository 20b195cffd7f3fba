import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "./attachments/bytes.ts";
import { exportDocumentSchema } from "./export-schema.ts";
import { checkAttachments } from "./import-attachments.ts";
import { serializeExport } from "./native-format.ts";
import { readImportFile } from "./read-import-file.ts";

const FIXTURE = "fixtures/exports/parley/parley-v3.json";
const bytes = readFileSync(FIXTURE);
const IMAGE = "bf631e8d060ba9ca4cce0c2e5bb7655c993f616bcfaa9560b180e9f1ae620c09";
const PLAN = "3bd99bd1b015c5c02c0a45d33bba5e8a91aa78d803b5d5e92dea81e419315f8e";

async function imported() {
  const result = readImportFile("parley-v3.json", new Uint8Array(bytes), {
    now: "2030-01-01T00:00:00.000Z",
  });
  if (!result.ok) throw new Error(`${result.error.path}: ${result.error.code}`);
  expect(result.file.failures).toEqual([]);
  return checkAttachments(result.file);
}

describe("a saved version 3 export with attachments (fixtures/exports/parley/parley-v3.json)", () => {
  it("fits the schema", () => {
    expect(
      exportDocumentSchema.safeParse(JSON.parse(bytes.toString("utf8"))).error?.issues,
    ).toBeUndefined();
  });

  it("imports each attachment's bytes once, checked against the hash its messages name", async () => {
    const file = await imported();
    expect(file.format).toEqual({ id: "parley", version: 3 });
    expect(file.warnings).toEqual([]);
    expect(file.notes).toEqual([[]]);
    expect(file.verifiedBlobs.map((b) => [b.hash, b.mime, b.bytes.length])).toEqual([
      [IMAGE, "image/png", 71],
      [PLAN, "text/markdown", 16],
    ]);
    for (const blob of file.verifiedBlobs) expect(await sha256Hex(blob.bytes)).toBe(blob.hash);
    expect(new TextDecoder().decode(file.verifiedBlobs[1]?.bytes)).toBe("# Plan\nstep one\n");
    const [session] = file.sessions;
    expect(session?.messages[0]?.attachments?.map((a) => [a.name, a.kind, a.text])).toEqual([
      ["grey.png", "image", undefined],
      ["plan.md", "text", "# Plan\nstep one\n"],
    ]);
    expect(session?.messages[2]?.attachments?.[0]).toMatchObject({
      hash: IMAGE,
      name: "grey again.png",
    });
  });

  it("exports again to the same bytes", async () => {
    const file = await imported();
    const blobs = new Map(file.verifiedBlobs.map((b) => [b.hash, b.bytes]));
    const again = serializeExport(
      file.sessions,
      "2026-12-01T12:00:00.000Z",
      { name: "Parley", version: "0.1.0" },
      blobs,
    );
    expect(again).toBe(bytes.toString("utf8"));
  });
});
