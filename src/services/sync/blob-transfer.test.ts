import { describe, expect, it } from "vitest";
import { base64Of, sha256Hex } from "../../interop/attachments/bytes.ts";
import { inThread } from "../../sync/crypto/record-sealer.ts";
import { sealDoc } from "../../sync/replication/encrypted-doc.ts";
import { memoryPouch } from "../../sync/replication/memory-pouch.ts";
import { attached, carrying } from "../../test/attachment-builders.ts";
import { MemoryBlobStore } from "../../test/memory-blobs.ts";
import { testKeys } from "../../test/sync-keys.ts";
import { BlobTransfer, blobKey } from "./blob-transfer.ts";

const PouchDB = memoryPouch();
let counter = 0;

async function transfer() {
  const keys = await testKeys();
  const local = new PouchDB(`blob-transfer-${++counter}`, { adapter: "memory" });
  const blobs = new MemoryBlobStore();
  const sealer = inThread(keys);
  return { blobs, local, sealer, blob: new BlobTransfer(local, keys, sealer, blobs, () => {}) };
}

const part = (bytes: Uint8Array, parts: number, mime = "image/png") =>
  JSON.stringify({ mime, parts, data: base64Of(bytes) });

describe("BlobTransfer.receive: parts read as untrusted", () => {
  const bytes = new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9]);

  it("puts parts together in any order of arrival, and stores them once all are here", async () => {
    const { blobs, blob } = await transfer();
    const hash = await sha256Hex(bytes);
    await blob.receive(blobKey(hash, 2), part(bytes.subarray(6), 3));
    await blob.receive(blobKey(hash, 0), part(bytes.subarray(0, 3), 3));
    expect(blobs.blobs.has(hash)).toBe(false);
    await blob.receive(blobKey(hash, 1), part(bytes.subarray(3, 6), 3));
    expect(blobs.blobs.get(hash)).toEqual({ bytes, mime: "image/png" });
  });

  it("ignores parts that disagree on their count or type, lie outside their count, or are not base64", async () => {
    const { blobs, blob } = await transfer();
    const hash = await sha256Hex(bytes);
    await blob.receive(blobKey(hash, 0), part(bytes.subarray(0, 3), 2));
    await blob.receive(blobKey(hash, 1), part(bytes.subarray(3), 3));
    await blob.receive(blobKey(hash, 1), part(bytes.subarray(3), 2, "application/pdf"));
    await blob.receive(blobKey(hash, 2), part(bytes.subarray(3), 2));
    await blob.receive(
      blobKey(hash, 1),
      JSON.stringify({ mime: "image/png", parts: 2, data: "<>" }),
    );
    await blob.receive(blobKey(hash, 1), "not json");
    await blob.receive(`b:${hash.toUpperCase()}:1`, part(bytes.subarray(3), 2));
    expect(blobs.blobs.size).toBe(0);
    await blob.receive(blobKey(hash, 1), part(bytes.subarray(3), 2));
    expect(blobs.blobs.get(hash)?.bytes).toEqual(bytes);
  });
});

describe("BlobTransfer: a part replicated in before the inbox opens it", () => {
  it("is stored when the inbox opens it, though the session naming it was sent meanwhile", async () => {
    const { blobs, local, sealer, blob } = await transfer();
    const bytes = new Uint8Array([9, 8, 7, 6]);
    const { hash, attachment } = await attached(bytes, "map.pdf");
    const json = part(bytes, 1, "application/pdf");
    // Replication put the other device's part in the local database; the message naming it
    // was applied and sent from here before the inbox reached the part.
    await local.bulkDocs([await sealDoc(sealer, blobKey(hash, 0), json)]);
    await blob.send(carrying(1, attachment));
    await blob.receive(blobKey(hash, 0), json);
    expect(blobs.blobs.get(hash)).toEqual({ bytes, mime: "application/pdf" });
  });
});
