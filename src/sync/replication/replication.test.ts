import memoryAdapter from "pouchdb-adapter-memory";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_KDF, testSyncMeta } from "../../test/sync-keys.ts";
import { type RunningSyncServer, startSyncServer } from "../../test/sync-server.ts";
import { opaqueId, SYNC_META_ID, unlock } from "../crypto/index.ts";
import { composePouch } from "./compose-pouch.ts";
import { openDoc, sealDoc } from "./encrypted-doc.ts";
import type { PouchDatabase, PouchDoc } from "./pouch-types.ts";

const PouchDB = composePouch(memoryAdapter);
const PASSPHRASE = "correct horse battery staple";
const SESSION = "5e55a1b2c3d4";
const TITLE = "Packing list for Ulaanbaatar";
const QUESTION = "Which boots survive minus forty degrees in Mongolia?";
const ANSWER = "Felt-lined pac boots rated to minus forty, with a spare pair of liners.";

/** Parley's records of one conversation (docs/persistence.md), as the JSON they are stored as. */
const RECORDS: Record<string, string> = {
  [`s:${SESSION}`]: JSON.stringify({ id: SESSION, title: TITLE, messageCount: 17 }),
  [`h:${SESSION}`]: JSON.stringify({ id: SESSION, title: TITLE, metadata: { pinned: true } }),
  [`m:${SESSION}:0`]: JSON.stringify([{ role: "user", content: QUESTION }]),
  [`m:${SESSION}:1`]: JSON.stringify([{ role: "assistant", content: ANSWER }]),
};

let server: RunningSyncServer;
let databases: PouchDatabase[] = [];
let counter = 0;
const localDb = () => {
  const db = new PouchDB(`device-${++counter}`, { adapter: "memory" });
  databases.push(db);
  return db;
};

beforeAll(async () => {
  server = await startSyncServer();
});

afterAll(async () => {
  await Promise.all(databases.map((db) => db.destroy()));
  databases = [];
  await server.stop();
});

/** A device that holds one conversation's records, sealed, and the sync metadata document. */
async function seededDevice() {
  const db = localDb();
  const { meta, keys } = await testSyncMeta(PASSPHRASE);
  const docs: PouchDoc[] = [{ _id: SYNC_META_ID, ...meta }];
  for (const [key, json] of Object.entries(RECORDS)) docs.push(await sealDoc(keys, key, json));
  const written = await db.bulkDocs(docs);
  expect(written.every((w) => w.ok)).toBe(true);
  return { db, keys };
}

describe("replication of encrypted documents through the in-memory server", () => {
  it("brings every record to a second device, which reads them with the passphrase", async () => {
    const remote = await server.createDatabase(`parley-${++counter}`);
    const { db: deviceA } = await seededDevice();
    const up = await PouchDB.replicate(deviceA, remote);
    expect(up).toMatchObject({ ok: true, docs_written: 5, doc_write_failures: 0 });

    const deviceB = localDb();
    const down = await PouchDB.replicate(remote, deviceB);
    expect(down).toMatchObject({ ok: true, docs_written: 5 });

    const meta = await deviceB.get(SYNC_META_ID);
    const keys = await unlock(PASSPHRASE, meta, TEST_KDF);
    if (!keys.ok) throw new Error(keys.error.code);
    const { rows } = await deviceB.allDocs({ include_docs: true });
    const opened: Record<string, string> = {};
    for (const row of rows) {
      if (row.id === SYNC_META_ID) continue;
      const record = await openDoc(keys.value, row.doc);
      if (!record.ok) throw new Error(`${row.id}: ${record.error.code}`);
      opened[record.value.parleyKey] = record.value.json;
    }
    expect(opened).toEqual(RECORDS);
  });

  it("leaves no conversation text, title or Parley id on the server", async () => {
    const remote = await server.createDatabase(`parley-${++counter}`);
    await PouchDB.replicate((await seededDevice()).db, remote);
    const raw = await (await fetch(`${remote}/_all_docs?include_docs=true`)).text();
    const changes = await (await fetch(`${remote}/_changes?include_docs=true`)).text();
    expect(JSON.parse(raw).rows).toHaveLength(5);
    for (const text of [raw, changes])
      for (const secret of [TITLE, QUESTION, ANSWER, SESSION, "Ulaanbaatar", "Mongolia", "pinned"])
        expect(text).not.toContain(secret);
  });

  it("sends only the records that changed", async () => {
    const remote = await server.createDatabase(`parley-${++counter}`);
    const { db: deviceA, keys } = await seededDevice();
    await PouchDB.replicate(deviceA, remote);
    const key = `m:${SESSION}:1`;
    const current = await deviceA.get(await opaqueId(keys, key));
    await deviceA.put(
      await sealDoc(keys, key, JSON.stringify([{ content: "more" }]), current._rev),
    );
    const again = await PouchDB.replicate(deviceA, remote);
    expect(again).toMatchObject({ ok: true, docs_read: 1, docs_written: 1 });
  });
});
