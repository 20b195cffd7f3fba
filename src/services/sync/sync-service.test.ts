import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Session } from "../../core/session.ts";
import { SYNC_META_ID } from "../../sync/crypto/index.ts";
import { memoryPouch } from "../../sync/replication/memory-pouch.ts";
import { appended, message, session } from "../../test/persistence-builders.ts";
import { lastSeq, syncSettings as settings, syncDevices, synced } from "../../test/sync-devices.ts";
import { type RunningSyncServer, startSyncServer } from "../../test/sync-server.ts";

const PouchDB = memoryPouch();
const SECRET = "Packing list for Ulaanbaatar";

let server: RunningSyncServer;
let counter = 0;
const { device, dispose } = syncDevices(PouchDB, "device");

beforeAll(async () => {
  server = await startSyncServer();
});
afterAll(() => server.stop());
afterEach(dispose);

describe("SyncService", () => {
  it("brings a conversation and a new message across two devices, both ways", async () => {
    const url = await server.createDatabase(`parley-${++counter}`);
    const first = session(1, 2, { title: SECRET });
    const a = await device([first]);
    const b = await device();
    await a.sync.start(settings(url));
    await b.sync.start(settings(url));
    await vi.waitFor(async () => expect((await b.repository.read(first.id))?.title).toBe(SECRET), {
      timeout: 10_000,
    });
    expect((await b.repository.read(first.id))?.messages).toEqual(first.messages);

    const onB = appended((await b.repository.read(first.id)) as Session, message(2));
    await b.repository.save(onB, { kind: "whole" });
    await vi.waitFor(
      async () => expect((await a.repository.read(first.id))?.messages).toHaveLength(3),
      { timeout: 10_000 },
    );
    expect((await a.repository.read(first.id))?.messages[2]).toEqual(message(2));
  });

  it("leaves no title, text or id of a conversation on the server", async () => {
    const url = await server.createDatabase(`parley-${++counter}`);
    const a = await device([session(7, 3, { title: SECRET })]);
    await a.sync.start(settings(url));
    await a.sync.settled();
    await synced(a.sync);
    const raw = await (await fetch(`${url}/_all_docs?include_docs=true`)).text();
    // The metadata, the head, and one chunk of the three messages held when sync started.
    expect(JSON.parse(raw).rows.length).toBe(1 + 1 + 1);
    for (const secret of [SECRET, "Ulaanbaatar", "message number", session(7).id])
      expect(raw).not.toContain(secret);
  });

  it("refuses a wrong passphrase and writes nothing, locally or on the server", async () => {
    const url = await server.createDatabase(`parley-${++counter}`);
    const a = await device([session(1, 1)]);
    await a.sync.start(settings(url));
    await a.sync.settled();
    await synced(a.sync);
    const before = await (await fetch(`${url}/_all_docs`)).json();

    const b = await device([session(2, 1, { title: SECRET })]);
    await b.sync.start(settings(url, "the wrong one"));
    expect(b.sync.getStatus()).toEqual({ state: "failed", code: "wrong_passphrase" });
    await b.sync.settled();
    expect(await (await fetch(`${url}/_all_docs`)).json()).toEqual(before);
    expect(await b.repository.read(session(1).id)).toBeUndefined();
  });

  it("keeps both devices' offline messages when they meet", async () => {
    const url = await server.createDatabase(`parley-${++counter}`);
    const shared = session(3, 1);
    const a = await device([shared]);
    const b = await device([shared]);
    await a.sync.start(settings(url));
    await b.sync.start(settings(url));
    await Promise.all([synced(a.sync), synced(b.sync)]);
    a.sync.pause();
    b.sync.pause();
    await a.repository.save(appended(shared, message(10, { content: "from A" })), {
      kind: "whole",
    });
    await b.repository.save(appended(shared, message(11, { content: "from B" })), {
      kind: "whole",
    });
    await Promise.all([a.sync.settled(), b.sync.settled()]);
    a.sync.resume();
    b.sync.resume();
    for (const side of [a, b])
      await vi.waitFor(
        async () =>
          expect((await side.repository.read(shared.id))?.messages.map((m) => m.id).sort()).toEqual(
            ["m0", "m10", "m11"],
          ),
        { timeout: 10_000 },
      );
  });

  it("carries a delete to the other device", async () => {
    const url = await server.createDatabase(`parley-${++counter}`);
    const doomed = session(4, 2);
    const a = await device([doomed]);
    const b = await device();
    await a.sync.start(settings(url));
    await b.sync.start(settings(url));
    await vi.waitFor(async () => expect(await b.repository.read(doomed.id)).toBeDefined(), {
      timeout: 10_000,
    });
    await a.repository.remove(doomed.id);
    await vi.waitFor(async () => expect(await b.repository.read(doomed.id)).toBeUndefined(), {
      timeout: 10_000,
    });
  });

  it("says what failed: a database that does not exist, an address that is no URL, a server that is down", async () => {
    const a = await device();
    await a.sync.start(settings(`${server.url}/never-created`));
    expect(a.sync.getStatus()).toEqual({ state: "failed", code: "no_database" });
    await a.sync.start(settings("couch.example.com/parley"));
    expect(a.sync.getStatus()).toEqual({ state: "failed", code: "invalid_url" });
    await a.sync.start(settings("http://127.0.0.1:9/parley"));
    expect(a.sync.getStatus()).toEqual({ state: "offline" });
    a.sync.stop();
    expect(a.sync.getStatus()).toEqual({ state: "off" });
  });

  it("sends no tombstone while a delete's Undo is offered, and one once it is removed for good", async () => {
    const url = await server.createDatabase(`parley-${++counter}`);
    const doomed = session(5, 2);
    const a = await device([doomed]);
    const arrived = vi.fn(async (_id: string) => {});
    const b = await device([], { deleteArrived: arrived });
    await a.sync.start(settings(url));
    await b.sync.start(settings(url));
    await vi.waitFor(async () => expect(await b.repository.read(doomed.id)).toBeDefined(), {
      timeout: 10_000,
    });
    await Promise.all([synced(a.sync), synced(b.sync)]);
    const before = await lastSeq(url);

    // What Trash does: announce at once, write the removal only when Undo is no longer offered.
    a.repository.announce({ type: "removed", id: doomed.id });
    await a.sync.settled();
    await a.repository.save({ ...doomed, revision: doomed.revision + 1 }, { kind: "whole" });
    a.repository.announce({ type: "saved", id: doomed.id, revision: doomed.revision + 1 });
    await a.sync.settled();
    await synced(a.sync);
    expect(await lastSeq(url)).toBe(before);

    a.repository.announce({ type: "removed", id: doomed.id });
    await a.repository.remove(doomed.id);
    await vi.waitFor(() => expect(arrived).toHaveBeenCalledWith(doomed.id), { timeout: 10_000 });
    expect(await lastSeq(url)).not.toBe(before);
  });

  it("does not bring back a conversation in the trash with what arrives for it; an Undo applies it", async () => {
    const url = await server.createDatabase(`parley-${++counter}`);
    const doomed = session(9, 2);
    let trashed = false;
    const a = await device([doomed], { inTrash: (id) => trashed && id === doomed.id });
    const b = await device();
    await a.sync.start(settings(url));
    await b.sync.start(settings(url));
    await vi.waitFor(async () => expect(await b.repository.read(doomed.id)).toBeDefined(), {
      timeout: 10_000,
    });
    await Promise.all([synced(a.sync), synced(b.sync)]);

    // Deleted on A (Undo offered) while B adds a message.
    trashed = true;
    a.repository.announce({ type: "removed", id: doomed.id });
    const onB = appended((await b.repository.read(doomed.id)) as Session, message(2));
    await b.repository.save(onB, { kind: "whole" });
    const local = new PouchDB(a.localName, { adapter: "memory" });
    const count = async () => (await local.allDocs()).total_rows;
    const before = await count();
    await vi.waitFor(async () => expect(await count()).toBeGreaterThan(before), {
      timeout: 10_000,
    });
    await a.sync.settled();
    expect((await a.repository.read(doomed.id))?.messages).toHaveLength(2);

    // Undone: the conversation is saved again here, and what waited is applied.
    trashed = false;
    const kept = (await a.repository.read(doomed.id)) as Session;
    await a.repository.save({ ...kept, revision: kept.revision + 1 }, { kind: "whole" });
    await vi.waitFor(
      async () => expect((await a.repository.read(doomed.id))?.messages).toHaveLength(3),
      { timeout: 10_000 },
    );
  });

  it("hands a delete from another device to the trash, and an Undo there brings it back everywhere", async () => {
    const url = await server.createDatabase(`parley-${++counter}`);
    const kept = session(6, 3, { title: SECRET });
    const a = await device([kept]);
    const arrived = vi.fn(async (_id: string) => {});
    const b = await device([], { deleteArrived: arrived });
    await a.sync.start(settings(url));
    await b.sync.start(settings(url));
    await vi.waitFor(async () => expect(await b.repository.read(kept.id)).toBeDefined(), {
      timeout: 10_000,
    });

    await a.repository.remove(kept.id);
    await vi.waitFor(() => expect(arrived).toHaveBeenCalledWith(kept.id), { timeout: 10_000 });
    // Not removed by sync: the trash holds it for its Undo.
    expect((await b.repository.read(kept.id))?.title).toBe(SECRET);

    // Undo on B commits it again, so every record travels again and A has it back.
    const onB = (await b.repository.read(kept.id)) as Session;
    await b.repository.save({ ...onB, revision: onB.revision + 1 }, { kind: "whole" });
    await vi.waitFor(
      async () => expect((await a.repository.read(kept.id))?.messages).toEqual(kept.messages),
      { timeout: 10_000 },
    );
  });

  it("leaves a conversation alone when the inbox reads a pulled tombstone after its documents were written again here", async () => {
    const url = await server.createDatabase(`parley-${++counter}`);
    const kept = session(8, 1);
    const a = await device([kept]);
    let block = false;
    let entered: () => void = () => {};
    const writing = new Promise<void>((resolve) => (entered = resolve));
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const arrived = vi.fn(async (_id: string) => {});
    const b = await device([], {
      deleteArrived: arrived,
      write: async (sessions) => {
        if (block) {
          entered();
          await released;
        }
        return (await b.repository.saveMany(sessions)).ok;
      },
    });
    await a.sync.start(settings(url));
    await b.sync.start(settings(url));
    await vi.waitFor(async () => expect(await b.repository.read(kept.id)).toBeDefined(), {
      timeout: 10_000,
    });
    // B's inbox is held on a write while its database takes tombstones (a pull) and then the
    // same documents again (an Undo's re-send): the inbox reads the tombstones after both.
    block = true;
    await a.repository.save(appended(kept, message(1)), { kind: "whole" });
    await writing;
    b.sync.pause();
    const db = new PouchDB(b.localName, { adapter: "memory" });
    const { rows } = await db.allDocs({ include_docs: true });
    const docs = rows.flatMap((row) => (row.id !== SYNC_META_ID && row.doc ? [row.doc] : []));
    const before = b.sync.settled();
    const tombs = await db.bulkDocs(docs.map((doc) => ({ ...doc, _deleted: true })));
    await vi.waitFor(() => expect(b.sync.settled()).not.toBe(before), { timeout: 10_000 });
    await db.bulkDocs(docs.map((doc, i) => ({ ...doc, _rev: tombs[i]?.rev ?? doc._rev })));
    release();
    await b.sync.settled();
    await b.sync.settled();
    expect(arrived).not.toHaveBeenCalled();
    expect((await b.repository.read(kept.id))?.messages).toHaveLength(2);
  });
});
