import { describe, expect, it, vi } from "vitest";
import type { Session } from "../../core/session.ts";
import { base64Of } from "../../interop/attachments/bytes.ts";
import { opaqueId, type SyncKeys } from "../../sync/crypto/index.ts";
import { inThread, type RecordSealer } from "../../sync/crypto/record-sealer.ts";
import { sealDoc } from "../../sync/replication/encrypted-doc.ts";
import { memoryPouch } from "../../sync/replication/memory-pouch.ts";
import { attached, carrying, noise } from "../../test/attachment-builders.ts";
import { MemoryBlobStore } from "../../test/memory-blobs.ts";
import { appended, hexId, message } from "../../test/persistence-builders.ts";
import { lastSeq, syncSettings as settings, synced } from "../../test/sync-devices.ts";
import { syncedKeys, syncTestbed } from "../../test/sync-testbed.ts";
import { blobKey, PART_BYTES } from "./blob-transfer.ts";
import type { SyncServicePorts } from "./sync-ports.ts";

const PouchDB = memoryPouch();
const JSON_TYPE = { "content-type": "application/json" };
const { device, database } = syncTestbed(PouchDB, "attachments");

async function withBlobs(sessions: Session[] = [], ports: Partial<SyncServicePorts> = {}) {
  const blobs = new MemoryBlobStore();
  return { ...(await device(sessions, { blobs, ...ports })), blobs };
}

/** A sealer that notes the key of every record it seals, and of every record it opens. */
function noting(keys: SyncKeys, sealedKeys: string[], openedKeys: string[]): RecordSealer {
  const here = inThread(keys);
  return {
    ...here,
    seal: (key, json, revision) => {
      sealedKeys.push(key);
      return here.seal(key, json, revision);
    },
    open: async (id, envelope) => {
      const opened = await here.open(id, envelope);
      if (opened.ok) openedKeys.push(opened.value.parleyKey);
      return opened;
    },
  };
}

async function serverDocs(url: string) {
  const body = await (await fetch(`${url}/_all_docs?include_docs=true`)).json();
  return (body as { rows: { id: string; doc: Record<string, unknown> }[] }).rows;
}

const arrival = (blobs: MemoryBlobStore, hash: string) =>
  vi.waitFor(() => expect(blobs.blobs.get(hash)).toBeDefined(), { timeout: 10_000 });

describe("attachments travel with sync as their own sealed documents", () => {
  it("an attachment of several parts crosses byte-identical; the server sees neither bytes nor name", async () => {
    const url = await database();
    const bytes = noise(Math.ceil(PART_BYTES * 2.5), 7);
    const { hash, attachment, blob } = await attached(bytes, "quarterly-secret-report.pdf");
    const a = await withBlobs([carrying(1, attachment)]);
    await a.blobs.put(hash, blob);
    const b = await withBlobs();
    await a.sync.start(settings(url));
    await a.sync.settled();
    await synced(a.sync);
    await b.sync.start(settings(url));
    await arrival(b.blobs, hash);
    // The bytes and the message are documents of their own: either may arrive first.
    await vi.waitFor(async () => expect(await b.repository.read(hexId(1))).toBeDefined(), {
      timeout: 10_000,
    });
    expect(Buffer.from(b.blobs.blobs.get(hash)?.bytes ?? []).equals(bytes)).toBe(true);
    expect(b.blobs.blobs.get(hash)?.mime).toBe("application/pdf");
    expect((await b.repository.read(carrying(1, attachment).id))?.messages[0]?.attachments).toEqual(
      [attachment],
    );

    const keys = await syncedKeys(url);
    const parts = await Promise.all([0, 1, 2].map((i) => opaqueId(keys, blobKey(hash, i))));
    const docs = await serverDocs(url);
    expect(docs.map((row) => row.id)).toEqual(expect.arrayContaining(parts));
    const raw = JSON.stringify(docs);
    expect(raw).not.toContain("quarterly-secret-report");
    expect(raw).not.toContain(hash);
    expect(raw).not.toContain(base64Of(bytes.subarray(1000, 1060)));
    for (const row of docs) expect(JSON.stringify(row.doc).length).toBeLessThan(3_000_000);
  });

  it("a message that arrives before its bytes shows them once they come", async () => {
    const url = await database();
    const { hash, attachment, blob } = await attached(noise(5000, 3), "photo.png");
    const a = await withBlobs();
    const b = await withBlobs();
    await a.sync.start(settings(url));
    await b.sync.start(settings(url));
    await synced(a.sync);
    // The message goes while its bytes are not on A yet: B shows it missing.
    await a.repository.save(carrying(2, attachment), { kind: "whole" });
    await vi.waitFor(
      async () => expect(await b.repository.read(carrying(2, attachment).id)).toBeDefined(),
      {
        timeout: 10_000,
      },
    );
    expect(b.blobs.blobs.has(hash)).toBe(false);
    await a.blobs.put(hash, blob);
    const later = appended(carrying(2, attachment), message(1));
    await a.repository.save(later, { kind: "whole" });
    await arrival(b.blobs, hash);
    expect(b.blobs.blobs.get(hash)?.bytes).toEqual(blob.bytes);
  });

  it("refuses a blob document whose bytes are not its hash, and one whose ciphertext was changed", async () => {
    const url = await database();
    const good = await attached(noise(4000, 5), "good.pdf");
    const forged = await attached(noise(4000, 6), "forged.pdf");
    const a = await withBlobs([carrying(3, good.attachment), carrying(4, forged.attachment)]);
    await a.blobs.put(good.hash, good.blob);
    await a.sync.start(settings(url));
    await a.sync.settled();
    await synced(a.sync);
    a.sync.stop();
    const keys = await syncedKeys(url);
    // Sealed with the key, under the forged hash, but with the good file's bytes.
    const json = JSON.stringify({
      mime: "application/pdf",
      parts: 1,
      data: base64Of(good.blob.bytes),
    });
    const doc = await sealDoc(keys, blobKey(forged.hash, 0), json);
    expect(
      (
        await fetch(`${url}/${doc._id}`, {
          method: "PUT",
          headers: JSON_TYPE,
          body: JSON.stringify(doc),
        })
      ).ok,
    ).toBe(true);
    // The good blob's ciphertext changed on the server.
    const goodId = await opaqueId(keys, blobKey(good.hash, 0));
    const stored = (await (await fetch(`${url}/${goodId}`)).json()) as { c: string };
    const c = `${stored.c.slice(0, 40)}${stored.c[40] === "A" ? "B" : "A"}${stored.c.slice(41)}`;
    const put = await fetch(`${url}/${goodId}`, {
      method: "PUT",
      headers: JSON_TYPE,
      body: JSON.stringify({ ...stored, c }),
    });
    expect(put.ok).toBe(true);

    const b = await withBlobs();
    await b.sync.start(settings(url));
    await b.sync.settled();
    await synced(b.sync);
    await b.sync.settled();
    expect(await b.repository.read(carrying(4, forged.attachment).id)).toBeDefined();
    expect(b.blobs.blobs.size).toBe(0);
  });

  it("a blob already sent is not sent again, nor opened: not for another message, nor after a restart", async () => {
    const url = await database();
    const { hash, attachment, blob } = await attached(noise(3000, 9), "notes.pdf");
    const first = carrying(5, attachment);
    const sealedKeys: string[] = [];
    const openedKeys: string[] = [];
    const a = await withBlobs([first], { sealer: (keys) => noting(keys, sealedKeys, openedKeys) });
    const blobSeals = () => sealedKeys.filter((key) => key.startsWith("b:")).length;
    const blobOpens = () => openedKeys.filter((key) => key.startsWith("b:")).length;
    await a.blobs.put(hash, blob);
    await a.sync.start(settings(url));
    await a.sync.settled();
    await synced(a.sync);
    const keys = await syncedKeys(url);
    const part = await opaqueId(keys, blobKey(hash, 0));
    const revOf = async () =>
      ((await (await fetch(`${url}/${part}`)).json()) as { _rev?: string })._rev;
    await vi.waitFor(async () => expect(await revOf()).toMatch(/^1-/), { timeout: 10_000 });
    const rev = await revOf();
    expect(blobSeals()).toBe(1);

    await a.repository.save(appended(first, message(2, { attachments: [attachment] })), {
      kind: "whole",
    });
    await a.sync.settled();
    await synced(a.sync);
    expect(await revOf()).toBe(rev);
    expect(blobSeals()).toBe(1);

    a.sync.stop();
    const seq = await lastSeq(url);
    // A new run of sync holds nothing in memory: what it knows is in the local database.
    await a.sync.start(settings(url));
    await a.sync.settled();
    await synced(a.sync);
    expect(await revOf()).toBe(rev);
    expect(await lastSeq(url)).toBe(seq);
    expect(blobSeals()).toBe(1);
    // Nor opened again: its bytes are here.
    expect(blobOpens()).toBe(0);

    // Bytes swept while sync was off come back from the parts when it starts again.
    a.sync.stop();
    a.blobs.blobs.delete(hash);
    await a.sync.start(settings(url));
    await arrival(a.blobs, hash);
    expect(Buffer.from(a.blobs.blobs.get(hash)?.bytes ?? []).equals(blob.bytes)).toBe(true);
    expect(blobSeals()).toBe(1);
  });

  it("two devices that both hold a file and send it at once leave one copy and no conflict", async () => {
    const url = await database();
    const { hash, attachment, blob } = await attached(noise(2000, 13), "shared.pdf");
    const a = await withBlobs([carrying(8, attachment)]);
    const b = await withBlobs([carrying(8, attachment)]);
    await Promise.all([a.blobs.put(hash, blob), b.blobs.put(hash, blob)]);
    await Promise.all([a.sync.start(settings(url)), b.sync.start(settings(url))]);
    const part = await opaqueId(await syncedKeys(url), blobKey(hash, 0));
    const conflicts = async () => {
      const doc = await (await fetch(`${url}/${part}?conflicts=true`)).json();
      return (doc as { _conflicts?: string[] })._conflicts ?? [];
    };
    await vi.waitFor(async () => expect(await conflicts()).toEqual([]), { timeout: 10_000 });
    await Promise.all([synced(a.sync), synced(b.sync)]);
    expect(await conflicts()).toEqual([]);
    for (const side of [a, b])
      expect(Buffer.from(side.blobs.blobs.get(hash)?.bytes ?? []).equals(blob.bytes)).toBe(true);
  });
});
