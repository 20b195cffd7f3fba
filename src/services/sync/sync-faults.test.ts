import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Session } from "../../core/session.ts";
import { MemorySessionRepository } from "../../persistence/memory-repository.ts";
import { mergeSessions } from "../../persistence/tabs/merge.ts";
import { opaqueId, SYNC_META_ID, unlock } from "../../sync/crypto/index.ts";
import { openDoc } from "../../sync/replication/encrypted-doc.ts";
import { memoryPouch } from "../../sync/replication/memory-pouch.ts";
import { faultyProxies } from "../../test/faulty-proxy.ts";
import { appended, message, session } from "../../test/persistence-builders.ts";
import { TEST_KDF } from "../../test/sync-keys.ts";
import { type RunningSyncServer, startSyncServer } from "../../test/sync-server.ts";
import { chunkKey, chunkRecords } from "./chunks.ts";
import { messageKey } from "./sync-records.ts";
import { SyncService } from "./sync-service.ts";

const PouchDB = memoryPouch();
let server: RunningSyncServer;
let counter = 0;
const devices: Array<() => void> = [];
const { faultyProxy, close: closeProxies } = faultyProxies();
beforeAll(async () => {
  server = await startSyncServer();
});
afterAll(async () => {
  closeProxies();
  await server.stop();
});
afterEach(() => {
  for (const dispose of devices.splice(0)) dispose();
});

async function device(sessions: Session[] = []) {
  const repository = new MemorySessionRepository({ sessions });
  await repository.load();
  const ids = new Set(sessions.map((s) => s.id));
  repository.subscribe((c) => (c.type === "saved" ? ids.add(c.id) : ids.delete(c.id)));
  const sync = new SyncService({
    repository,
    loadPouch: async () => PouchDB,
    localAdapter: "memory",
    localName: `faults-device-${++counter}`,
    sessionIds: () => [...ids],
    write: async (arrived) => (await repository.saveMany(arrived)).ok,
    merge: mergeSessions,
    deleteArrived: async (id) => void (await repository.remove(id)),
    kdf: TEST_KDF,
  });
  devices.push(() => sync.dispose());
  const start = (url: string, passphrase = "correct horse battery staple") =>
    sync.start({ server: url, username: "alice", password: "pw", passphrase });
  return { repository, sync, start };
}

const status = (sync: SyncService, expected: unknown) =>
  vi.waitFor(() => expect(sync.getStatus()).toEqual(expected), { timeout: 10_000 });

describe("sync faults: a clear status, and nothing lost", () => {
  it("401 and 403 stop sync with their own status and leave the conversations alone", async () => {
    const kept = session(1, 2);
    for (const [code, name] of [
      [401, "unauthorized"],
      [403, "forbidden"],
    ] as const) {
      const url = await faultyProxy(server.url, () => code);
      const a = await device([kept]);
      await a.start(`${url}/parley`);
      expect(a.sync.getStatus()).toEqual({ state: "failed", code: name });
      expect(await a.repository.read(kept.id)).toEqual(kept);
    }
  });

  it("413 for a document too big is told as too_large, and the conversation stays here", async () => {
    const db = await server.createDatabase(`faults-${++counter}`);
    const name = db.slice(server.url.length);
    const url = await faultyProxy(server.url, (r) =>
      r.method === "POST" && r.url?.includes("_bulk_docs") ? 413 : undefined,
    );
    const kept = session(2, 3);
    const a = await device([kept]);
    await a.start(`${url}${name}`);
    await status(a.sync, { state: "failed", code: "too_large" });
    expect(await a.repository.read(kept.id)).toEqual(kept);
  });

  it("a server that cannot be reached is offline, and once it is back the changes made meanwhile arrive", async () => {
    const db = await server.createDatabase(`faults-${++counter}`);
    const name = db.slice(server.url.length);
    let down = false;
    const url = await faultyProxy(server.url, () => (down ? 503 : undefined));
    const shared = session(3, 1);
    const a = await device([shared]);
    const b = await device();
    await a.start(`${url}${name}`);
    await b.start(db);
    await vi.waitFor(async () => expect(await b.repository.read(shared.id)).toBeDefined(), {
      timeout: 10_000,
    });
    down = true;
    await a.repository.save(appended(shared, message(1)), { kind: "whole" });
    await status(a.sync, { state: "offline" });
    down = false;
    await vi.waitFor(
      async () => expect((await b.repository.read(shared.id))?.messages).toHaveLength(2),
      { timeout: 30_000 },
    );
  });

  it("Retry now (or the browser coming online) tries at once instead of at the end of the backoff", async () => {
    const db = await server.createDatabase(`faults-${++counter}`);
    const name = db.slice(server.url.length);
    let down = false;
    let failed = 0;
    const url = await faultyProxy(server.url, () => {
      if (!down) return undefined;
      failed++;
      return 503;
    });
    const shared = session(13, 1);
    const a = await device([shared]);
    await a.start(`${url}${name}`);
    await status(a.sync, { state: "synced" });
    a.sync.retryNow(); // Synced: nothing to retry, nothing happens.
    expect(a.sync.getStatus()).toEqual({ state: "synced" });

    down = true;
    await a.repository.save(appended(shared, message(1)), { kind: "whole" });
    await status(a.sync, { state: "offline" });
    // Failed tries in both directions back off (1, 2, 4 s…): the next one is seconds away.
    await vi.waitFor(() => expect(failed).toBeGreaterThanOrEqual(8), { timeout: 30_000 });
    down = false;
    a.sync.retryNow();
    await vi.waitFor(() => expect(a.sync.getStatus()).toEqual({ state: "synced" }), {
      timeout: 2_500,
    });
  });

  it("a database deleted on the server stops sync with no_database; the device keeps everything", async () => {
    const db = await server.createDatabase(`faults-${++counter}`);
    const kept = session(4, 2);
    const a = await device([kept]);
    await a.start(db);
    await status(a.sync, { state: "synced" });
    expect((await fetch(db, { method: "DELETE" })).ok).toBe(true);
    await a.repository.save(appended(kept, message(2)), { kind: "whole" });
    await status(a.sync, { state: "failed", code: "no_database" });
    expect((await a.repository.read(kept.id))?.messages).toHaveLength(3);
  });

  it("a server that holds less than this device last saw (a rollback, or recreated) is refused before anything is written", async () => {
    const db = await server.createDatabase(`faults-${++counter}`);
    const a = await device([session(5, 3)]);
    await a.start(db);
    await a.sync.settled();
    await status(a.sync, { state: "synced" });
    await a.sync.settled();
    a.sync.stop();
    // The database is deleted and created again, empty: the server went back in time.
    await fetch(db, { method: "DELETE" });
    await fetch(db, { method: "PUT" });
    await a.start(db);
    expect(a.sync.getStatus()).toEqual({ state: "failed", code: "rolled_back" });
    const raw = (await (await fetch(`${db}/_all_docs`)).json()) as { rows: unknown[] };
    expect(raw.rows).toEqual([]);
  });

  it("two devices with different passphrases: the second is refused and its conversations stay its own", async () => {
    const db = await server.createDatabase(`faults-${++counter}`);
    const a = await device([session(6, 1)]);
    await a.start(db, "passphrase one");
    await status(a.sync, { state: "synced" });
    const mine = session(7, 2);
    const b = await device([mine]);
    await b.start(db, "passphrase two");
    expect(b.sync.getStatus()).toEqual({ state: "failed", code: "wrong_passphrase" });
    expect(await b.repository.read(mine.id)).toEqual(mine);
    expect(await b.repository.read(session(6).id)).toBeUndefined();
  });

  it("a server that serves an older revision of a record is refused: not applied, sync stops, and this device's version goes back once sync is on again", async () => {
    const db = await server.createDatabase(`faults-${++counter}`);
    const kept = session(8, 2);
    const a = await device([kept]);
    await a.start(db);
    await status(a.sync, { state: "synced" });
    const meta = await (await fetch(`${db}/${SYNC_META_ID}`)).json();
    const keys = await unlock("correct horse battery staple", meta, TEST_KDF);
    if (!keys.ok) throw new Error(keys.error.code);
    // Its two messages went into one chunk when sync started; an edit of one rewrites it.
    const chunk = chunkKey(kept.id, "m0");
    const id = await opaqueId(keys.value, chunk);
    const doc = async () => (await (await fetch(`${db}/${id}`)).json()) as { _rev: string };
    const old = await doc();
    const [first, ...rest] = kept.messages;
    const edited = { ...kept, messages: [{ ...first, content: "edited" }, ...rest] } as Session;
    await a.repository.save({ ...edited, revision: kept.revision + 1 }, { kind: "whole" });
    await vi.waitFor(async () => expect((await doc())._rev).not.toBe(old._rev), {
      timeout: 10_000,
    });
    await status(a.sync, { state: "synced" });

    // The server puts the old ciphertext back, as a new revision over the current one.
    const put = await fetch(`${db}/${id}`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...old, _rev: (await doc())._rev }),
    });
    expect(put.ok).toBe(true);
    await status(a.sync, { state: "failed", code: "stale_document" });
    expect((await a.repository.read(kept.id))?.messages[0]?.content).toBe("edited");

    a.sync.stop();
    await a.start(db);
    await status(a.sync, { state: "synced" });
    expect((await a.repository.read(kept.id))?.messages[0]?.content).toBe("edited");
    const back = await openDoc(keys.value, await doc());
    const entries = back.ok ? (chunkRecords(chunk, back.value.json) ?? []) : [];
    const records = new Map(entries.map(([key, json]) => [key, json]));
    expect(JSON.parse(records.get(messageKey(kept.id, "m0")) ?? "{}").message.content).toBe(
      "edited",
    );
  });
});
