import { describe, expect, it } from "vitest";
import { opaqueId } from "../../sync/crypto/index.ts";
import { openDoc } from "../../sync/replication/encrypted-doc.ts";
import { memoryPouch } from "../../sync/replication/memory-pouch.ts";
import type { PouchDatabase, PouchDoc } from "../../sync/replication/pouch-types.ts";
import { testKeys } from "../../test/sync-keys.ts";
import { chunkRecords, isChunkKey } from "./chunks.ts";
import { Outbox } from "./outbox.ts";

const PouchDB = memoryPouch();
let counter = 0;

/**
 * A local database where `beforeWrite` runs once, just before the outbox's next write lands:
 * what replication writes into it while the outbox is sealing.
 */
function localWithPull() {
  const db = new PouchDB(`outbox-${++counter}`, { adapter: "memory" });
  let beforeWrite: (() => Promise<unknown>) | undefined;
  const local: PouchDatabase = Object.assign(Object.create(db) as PouchDatabase, {
    async bulkDocs(docs: PouchDoc[]) {
      const pull = beforeWrite;
      beforeWrite = undefined;
      await pull?.();
      return db.bulkDocs(docs);
    },
  });
  return { db, local, pullBeforeWrite: (pull: () => Promise<unknown>) => (beforeWrite = pull) };
}

/** The records the local database holds, a chunk's each on its own. */
async function opened(db: PouchDatabase, keys: Awaited<ReturnType<typeof testKeys>>) {
  const { rows } = await db.allDocs({ include_docs: true });
  const records = await Promise.all(rows.map((row) => openDoc(keys, row.doc)));
  return records.flatMap((r) => {
    if (!r.ok) return [];
    const { parleyKey, json } = r.value;
    return isChunkKey(parleyKey)
      ? (chunkRecords(parleyKey, json) ?? []).map(([key, record]) => [key, record])
      : [[parleyKey, json]];
  });
}

/** The Parley keys of the documents the local database holds. */
async function documents(db: PouchDatabase, keys: Awaited<ReturnType<typeof testKeys>>) {
  const { rows } = await db.allDocs({ include_docs: true });
  const records = await Promise.all(rows.map((row) => openDoc(keys, row.doc)));
  return records.flatMap((r) => (r.ok ? [r.value.parleyKey] : [])).sort();
}

describe("Outbox", () => {
  it("re-sends a forgotten group over a tombstone that a pull writes while it seals (an Undo after a remote delete)", async () => {
    const keys = await testKeys();
    const { db, local, pullBeforeWrite } = localWithPull();
    const outbox = new Outbox(local, keys);
    const records = new Map([
      ["h:s1", '{"head":1}'],
      ["m:s1:m0", '{"text":"kept"}'],
    ]);
    await outbox.send("s1", records);
    // Deleted on another device: the head's tombstone arrived, the message's is still on its way.
    outbox.forget("s1");
    pullBeforeWrite(async () => {
      const { rows } = await db.allDocs({ include_docs: true });
      await db.bulkDocs(rows.map((row) => ({ ...(row.doc as PouchDoc), _deleted: true })));
    });

    await outbox.send("s1", records);

    expect(Object.fromEntries(await opened(db, keys))).toEqual(Object.fromEntries(records));
    const { rows } = await db.allDocs({ include_docs: true });
    for (const row of rows) expect(outbox.isOwn(row.doc as PouchDoc)).toBe(true);
  });

  it("tombstones what is there, over the revision a pull gave it meanwhile", async () => {
    const keys = await testKeys();
    const { db, local, pullBeforeWrite } = localWithPull();
    const outbox = new Outbox(local, keys);
    await outbox.send("s2", new Map([["h:s2", '{"head":1}']]));
    pullBeforeWrite(async () => {
      const { rows } = await db.allDocs({ include_docs: true });
      await db.bulkDocs(rows.map((row) => ({ ...(row.doc as PouchDoc), edited: true })));
    });

    await outbox.tombstone("s2");

    expect((await db.allDocs()).rows).toEqual([]);
  });

  it("says when it wrote documents, so the status is Syncing until the push takes them", async () => {
    const keys = await testKeys();
    const { local } = localWithPull();
    let written = 0;
    const outbox = new Outbox(local, keys, () => written++);
    const records = new Map([["h:s1", '{"head":1}']]);
    await outbox.send("s1", records);
    expect(written).toBe(1);
    await outbox.send("s1", records);
    expect(written).toBe(1);
    await outbox.tombstone("s1");
    expect(written).toBe(2);
  });

  it("loses nothing to a full disk: a write IndexedDB refused is written again with the next send", async () => {
    const keys = await testKeys();
    const db = new PouchDB(`outbox-${++counter}`, { adapter: "memory" });
    let full = true;
    const local: PouchDatabase = Object.assign(Object.create(db) as PouchDatabase, {
      async bulkDocs(docs: PouchDoc[]) {
        // What PouchDB's idb adapter rejects with when IndexedDB says QuotaExceededError.
        if (full) throw { status: 500, name: "indexed_db_went_bad", reason: "QuotaExceededError" };
        return db.bulkDocs(docs);
      },
    });
    const outbox = new Outbox(local, keys);
    const first = new Map([
      ["h:s3", '{"head":1}'],
      ["m:s3:m0", '{"text":"kept"}'],
    ]);
    await expect(outbox.send("s3", first)).rejects.toMatchObject({ reason: "QuotaExceededError" });
    expect((await db.allDocs()).rows).toEqual([]);

    full = false;
    const second = new Map([...first, ["m:s3:m1", '{"text":"after"}']]);
    await outbox.send("s3", second);
    expect(Object.fromEntries(await opened(db, keys))).toEqual(Object.fromEntries(second));
  });

  it("updates only the records it is given, and after a refused update compares every record again", async () => {
    const keys = await testKeys();
    const db = new PouchDB(`outbox-${++counter}`, { adapter: "memory" });
    let full = false;
    const local: PouchDatabase = Object.assign(Object.create(db) as PouchDatabase, {
      async bulkDocs(docs: PouchDoc[]) {
        if (full) throw { status: 500, name: "indexed_db_went_bad", reason: "QuotaExceededError" };
        return db.bulkDocs(docs);
      },
    });
    const outbox = new Outbox(local, keys);
    const whole = new Map([
      ["h:s4", '{"head":1}'],
      ["m:s4:m0", '{"text":"first"}'],
      ["m:s4:m1", '{"text":"second"}'],
    ]);
    expect(outbox.isWhole("s4")).toBe(false);
    await outbox.send("s4", whole);
    expect(outbox.isWhole("s4")).toBe(true);

    await outbox.update("s4", new Map([["m:s4:m2", '{"text":"third"}']]), ["m:s4:m0"]);
    expect(Object.fromEntries(outbox.held("s4"))).toEqual({
      "h:s4": '{"head":1}',
      "m:s4:m1": '{"text":"second"}',
      "m:s4:m2": '{"text":"third"}',
    });
    expect(Object.fromEntries(await opened(db, keys))).toEqual(
      Object.fromEntries(outbox.held("s4")),
    );

    full = true;
    const refused = outbox.update("s4", new Map([["m:s4:m3", '{"text":"lost?"}']]), ["m:s4:m1"]);
    await expect(refused).rejects.toMatchObject({ reason: "QuotaExceededError" });
    expect(outbox.held("s4").has("m:s4:m3")).toBe(false);
    expect(outbox.held("s4").get("m:s4:m1")).toBe('{"text":"second"}');
    expect(outbox.isWhole("s4")).toBe(false);

    full = false;
    await outbox.send("s4", new Map(outbox.held("s4")));
    expect(outbox.isWhole("s4")).toBe(true);
    // A record deleted on another device: what the local session still holds is compared again.
    outbox.drop("s4", "m:s4:m1");
    expect(outbox.held("s4").has("m:s4:m1")).toBe(false);
    expect(outbox.isWhole("s4")).toBe(false);
  });

  it("packs the message records of a first send into chunks, the head alone, and sends an append alone", async () => {
    const keys = await testKeys();
    const { db, local } = localWithPull();
    const outbox = new Outbox(local, keys);
    const records = new Map([
      ["h:s5", '{"head":1}'],
      ...[0, 1, 2, 3, 4].map((n) => [`m:s5:m${n}`, `{"text":"message ${n}"}`] as [string, string]),
    ]);
    await outbox.send("s5", records);
    expect(await documents(db, keys)).toEqual(["c:s5:m0", "h:s5"]);
    expect(Object.fromEntries(await opened(db, keys))).toEqual(Object.fromEntries(records));

    await outbox.update("s5", new Map([["m:s5:m5", '{"text":"appended"}']]), []);
    expect(await documents(db, keys)).toEqual(["c:s5:m0", "h:s5", "m:s5:m5"]);
  });

  it("rewrites the chunk of a record that changed or went, and only that chunk", async () => {
    const keys = await testKeys();
    const { db, local } = localWithPull();
    const outbox = new Outbox(local, keys);
    // Two of these fill a chunk: m0 and m1 go together, m2 and m3 together.
    const long = (n: number, text = "x") => `{"text":"${text.repeat(20_000)}${n}"}`;
    const records = new Map([0, 1, 2, 3].map((n) => [`m:s6:m${n}`, long(n)] as [string, string]));
    await outbox.send("s6", new Map([["h:s6", '{"head":1}'], ...records]));
    expect(await documents(db, keys)).toEqual(["c:s6:m0", "c:s6:m2", "h:s6"]);
    const revs = async () =>
      Object.fromEntries(
        await Promise.all(
          ["c:s6:m0", "c:s6:m2"].map(async (key) => {
            const { rows } = await db.allDocs({ keys: [await opaqueId(keys, key)] });
            return [key, rows[0]?.value?.rev];
          }),
        ),
      );
    const before = await revs();

    await outbox.update("s6", new Map([["m:s6:m1", long(1, "y")]]), []);
    const after = await revs();
    expect(after["c:s6:m0"]).not.toBe(before["c:s6:m0"]);
    expect(after["c:s6:m2"]).toBe(before["c:s6:m2"]);
    expect(Object.fromEntries(await opened(db, keys))).toEqual(
      Object.fromEntries(outbox.held("s6")),
    );

    await outbox.update("s6", new Map(), ["m:s6:m2"]);
    expect((await opened(db, keys)).map(([key]) => key)).not.toContain("m:s6:m2");
    await outbox.update("s6", new Map(), ["m:s6:m3"]);
    expect(await documents(db, keys)).toEqual(["c:s6:m0", "h:s6"]);
    expect(Object.fromEntries(await opened(db, keys))).toEqual(
      Object.fromEntries(outbox.held("s6")),
    );

    await outbox.tombstone("s6");
    expect((await db.allDocs()).rows).toEqual([]);
  });
});
