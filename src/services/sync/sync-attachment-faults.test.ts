import { afterAll, describe, expect, it, vi } from "vitest";
import type { Session } from "../../core/session.ts";
import { memoryPouch } from "../../sync/replication/memory-pouch.ts";
import { attached, carrying, noise } from "../../test/attachment-builders.ts";
import { faultyProxies } from "../../test/faulty-proxy.ts";
import { MemoryBlobStore } from "../../test/memory-blobs.ts";
import { session } from "../../test/persistence-builders.ts";
import { syncSettings as settings, synced } from "../../test/sync-devices.ts";
import { syncTestbed } from "../../test/sync-testbed.ts";

const PouchDB = memoryPouch();
const { device, database } = syncTestbed(PouchDB, "attachment-faults");
const { faultyProxy, close: closeProxies } = faultyProxies();
afterAll(closeProxies);

async function withBlobs(sessions: Session[] = []) {
  const blobs = new MemoryBlobStore();
  return { ...(await device(sessions, { blobs })), blobs };
}

const arrival = (blobs: MemoryBlobStore, hash: string) =>
  vi.waitFor(() => expect(blobs.blobs.get(hash)).toBeDefined(), { timeout: 10_000 });

describe("attachments through sync: faults are told, and nothing is lost", () => {
  it("a blob the server refuses as too large says too_large, and is sent once the server takes it", async () => {
    const url = await database();
    const { hash, attachment, blob } = await attached(noise(1_200_000, 11), "scan.pdf");
    let limit = 1_000_000;
    const server = new URL(url);
    const proxy = await faultyProxy(server.origin, (request, body) =>
      request.method === "POST" && request.url?.includes("_bulk_docs") && body.length > limit
        ? 413
        : undefined,
    );
    const a = await withBlobs([session(7, 2)]);
    await a.sync.start(settings(`${proxy}${server.pathname}`));
    await a.sync.settled();
    await synced(a.sync);
    await a.blobs.put(hash, blob);
    await a.repository.save(carrying(6, attachment), { kind: "whole" });
    await vi.waitFor(
      () => expect(a.sync.getStatus()).toEqual({ state: "failed", code: "too_large" }),
      {
        timeout: 10_000,
      },
    );
    expect(Buffer.from(a.blobs.blobs.get(hash)?.bytes ?? []).equals(blob.bytes)).toBe(true);

    limit = Number.POSITIVE_INFINITY;
    a.sync.stop();
    await a.sync.start(settings(`${proxy}${server.pathname}`));
    await synced(a.sync);
    const b = await withBlobs();
    await b.sync.start(settings(url));
    await arrival(b.blobs, hash);
    expect(Buffer.from(b.blobs.blobs.get(hash)?.bytes ?? []).equals(blob.bytes)).toBe(true);
  });

  it("bytes that arrive on a full disk say local_full, and are not stored", async () => {
    const url = await database();
    const { hash, attachment, blob } = await attached(noise(2000, 17), "full.pdf");
    const a = await withBlobs([carrying(9, attachment)]);
    await a.blobs.put(hash, blob);
    await a.sync.start(settings(url));
    await a.sync.settled();
    await synced(a.sync);
    const full = new MemoryBlobStore();
    full.put = async () => ({ ok: false, fault: { kind: "quota" } });
    const b = await device([], { blobs: full });
    await b.sync.start(settings(url));
    await vi.waitFor(
      () => expect(b.sync.getStatus()).toEqual({ state: "failed", code: "local_full" }),
      { timeout: 10_000 },
    );
    expect(full.blobs.size).toBe(0);
  });
});
