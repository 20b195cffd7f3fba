import { describe, expect, it, vi } from "vitest";
import { snapshotHead, snapshotMessage } from "../../core/codec/index.ts";
import type { Session } from "../../core/session.ts";
import { encryptDocument, opaqueId } from "../../sync/crypto/index.ts";
import { openDoc, sealDoc } from "../../sync/replication/encrypted-doc.ts";
import { memoryPouch } from "../../sync/replication/memory-pouch.ts";
import { appended, message, session } from "../../test/persistence-builders.ts";
import { joinHolding, lastSeq, syncSettings as settings, synced } from "../../test/sync-devices.ts";
import { postDocs, syncedKeys, syncTestbed } from "../../test/sync-testbed.ts";
import { headKey, messageKey, sessionRecords } from "./sync-records.ts";

const PouchDB = memoryPouch();
const { device, database } = syncTestbed(PouchDB, "layout-device");

describe("SyncService and the record layout", () => {
  it("sends an appended message's document alone, not the head, though the session's time moved", async () => {
    const url = await database();
    const first = session(10, 2);
    const a = await device([first]);
    await a.sync.start(settings(url));
    await a.sync.settled();
    await synced(a.sync);
    const before = await lastSeq(url);

    const next = { ...appended(first, message(2)), updatedAt: "2026-12-02T03:00:00.000Z" };
    await a.repository.save(next, { kind: "whole" });
    await a.sync.settled();
    await vi.waitFor(async () => expect(await lastSeq(url)).not.toBe(before), { timeout: 10_000 });
    await synced(a.sync);
    const changes = await (await fetch(`${url}/_changes?since=${before}`)).json();
    expect(changes.results).toHaveLength(1);
  });

  it("keeps a message that arrived before the one it follows when a local change is sent, and shows it once that one is there", async () => {
    const url = await database();
    const shared = session(9, 3);
    const a = await device([shared]);
    await a.sync.start(settings(url));
    await synced(a.sync);
    const keys = await syncedKeys(url);
    // m4 as another device wrote it, after an m3 that has not arrived here yet.
    const key = messageKey(shared.id, "m4");
    const json = sessionRecords(appended(shared, message(3), message(4))).get(key) ?? "";
    const db = new PouchDB(a.localName, { adapter: "memory" });
    const before = a.sync.settled();
    const sealed = await sealDoc(keys, key, json);
    await db.put(sealed);
    await vi.waitFor(() => expect(a.sync.settled()).not.toBe(before), { timeout: 10_000 });
    await a.sync.settled();
    expect((await a.repository.read(shared.id))?.messages).toHaveLength(3);

    await a.repository.save(appended(shared, message(3)), { kind: "whole" });
    await vi.waitFor(
      async () =>
        expect((await a.repository.read(shared.id))?.messages.map((m) => m.id)).toEqual([
          "m0",
          "m1",
          "m2",
          "m3",
          "m4",
        ]),
      { timeout: 10_000 },
    );
    const kept = await openDoc(keys, await db.get(sealed._id));
    expect(kept.ok && kept.value.json).toBe(json);
  });

  it("brings a conversation whose head names an early message as last whole in a first sync, in a few writes", async () => {
    const url = await database();
    const a = await device();
    await a.sync.start(settings(url));
    await synced(a.sync);
    const keys = await syncedKeys(url);
    // What a device leaves after 40 appends since the title was set: the head names m0.
    const long = session(12, 40);
    const records = sessionRecords(long, sessionRecords(session(12, 1)));
    const docs = await Promise.all([...records].map(([key, json]) => sealDoc(keys, key, json)));
    await postDocs(url, docs);

    let writes = 0;
    const b = await device([], {
      write: async (arrived: Session[]) => {
        writes++;
        return (await b.repository.saveMany(arrived)).ok;
      },
    });
    await b.sync.start(settings(url));
    await vi.waitFor(
      async () => expect((await b.repository.read(long.id))?.messages).toEqual(long.messages),
      { timeout: 10_000 },
    );
    expect(writes).toBeLessThan(long.messages.length / 4);
  });

  it("reads a conversation that a device of layout 1 left on the server, and writes it in layout 2", async () => {
    const url = await database();
    const a = await device();
    await a.sync.start(settings(url));
    await synced(a.sync);
    const keys = await syncedKeys(url);
    // Layout 1, sealed as it was: the head with the order, messages alone, no record revision.
    const old = session(13, 3);
    const { revision: _local, ...head } = snapshotHead(old);
    const records = new Map([
      [headKey(old.id), JSON.stringify({ head, order: old.messages.map((m) => m.id) })],
      ...old.messages.map((m) => [messageKey(old.id, m.id), JSON.stringify(snapshotMessage(m))]),
    ] as [string, string][]);
    const docs = await Promise.all(
      [...records].map(async ([key, json]) => {
        const id = await opaqueId(keys, key);
        return { _id: id, ...(await encryptDocument(keys, id, `${key}\n${json}`)) };
      }),
    );
    await postDocs(url, docs);

    const b = await device();
    await joinHolding(b, url, old);
    const id = await opaqueId(keys, messageKey(old.id, "m2"));
    const rewritten = await openDoc(keys, await (await fetch(`${url}/${id}`)).json());
    expect(rewritten.ok && JSON.parse(rewritten.value.json).after).toBe("m1");
  });
});
