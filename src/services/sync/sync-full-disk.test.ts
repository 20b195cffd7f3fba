import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { MemorySessionRepository } from "../../persistence/memory-repository.ts";
import { memoryPouch } from "../../sync/replication/memory-pouch.ts";
import { faultyProxies } from "../../test/faulty-proxy.ts";
import { appended, message, session } from "../../test/persistence-builders.ts";
import { syncSettings as settings, syncDevices, synced } from "../../test/sync-devices.ts";
import { type RunningSyncServer, startSyncServer } from "../../test/sync-server.ts";
import type { SyncService } from "./sync-service.ts";

const PouchDB = memoryPouch();
let server: RunningSyncServer;
let counter = 0;
const { device, dispose } = syncDevices(PouchDB, "full-disk");
const { faultyProxy, close } = faultyProxies();

beforeAll(async () => {
  server = await startSyncServer();
});
afterAll(async () => {
  close();
  await server.stop();
});
afterEach(dispose);

const status = (sync: SyncService, expected: unknown) =>
  vi.waitFor(() => expect(sync.getStatus()).toEqual(expected), { timeout: 15_000 });

const isBulkDocs = (r: { method?: string | undefined; url?: string | undefined }) =>
  r.method === "POST" && Boolean(r.url?.includes("_bulk_docs"));

/** Each document of a `_bulk_docs` request refused as CouchDB's disk monitor refuses it. */
function refusedEach(body: Buffer) {
  const { docs } = JSON.parse(body.toString()) as { docs: Array<{ _id: string }> };
  return docs.map((d) => ({
    id: d._id,
    error: "insufficient_storage",
    reason: "database_dir is too full",
  }));
}

describe("a full disk on either side: a clear status, and nothing lost", () => {
  for (const [what, answer] of [
    ["507 Insufficient Storage", () => 507],
    [
      "a document's insufficient_storage",
      (body: Buffer) => ({ status: 201, body: refusedEach(body) }),
    ],
  ] as const)
    it(`the server's full disk (${what}) is told as server_full; once it has room, everything arrives`, async () => {
      const db = await server.createDatabase(`full-${++counter}`);
      let full = true;
      const url = await faultyProxy(server.url, (r, body) =>
        full && isBulkDocs(r) ? answer(body) : undefined,
      );
      const kept = session(1, 3);
      const a = await device([kept]);
      await a.sync.start(settings(`${url}${db.slice(server.url.length)}`));
      await status(a.sync, { state: "failed", code: "server_full" });
      expect(await a.repository.read(kept.id)).toEqual(kept);

      full = false;
      await status(a.sync, { state: "synced" });
      const b = await device();
      await b.sync.start(settings(db));
      await vi.waitFor(
        async () => expect((await b.repository.read(kept.id))?.messages).toEqual(kept.messages),
        { timeout: 15_000 },
      );
    });

  it("this device's full disk while writing what arrived is told as local_full; freed, turning sync on again applies it", async () => {
    const url = await server.createDatabase(`full-${++counter}`);
    const shared = session(2, 2);
    const a = await device([shared]);
    let full = false;
    // IndexedDB's quota, as the app's import path reports it (`compose.ts`): nothing written.
    let repository: MemorySessionRepository | undefined;
    const b = await device([shared], {
      write: async (arrived) => {
        if (full) return "full";
        return (await repository?.saveMany(arrived))?.ok ?? false;
      },
    });
    repository = b.repository;
    await a.sync.start(settings(url));
    await b.sync.start(settings(url));
    await Promise.all([synced(a.sync), synced(b.sync)]);

    full = true;
    const onA = appended(shared, message(2), message(3));
    await a.repository.save(onA, { kind: "whole" });
    await status(b.sync, { state: "failed", code: "local_full" });
    expect(await b.repository.read(shared.id)).toEqual(shared);

    full = false;
    await b.sync.start(settings(url));
    await vi.waitFor(
      async () => expect((await b.repository.read(shared.id))?.messages).toEqual(onA.messages),
      { timeout: 15_000 },
    );
  });
});
