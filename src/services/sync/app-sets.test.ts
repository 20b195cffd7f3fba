import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { mergeSessions } from "../../persistence/tabs/merge.ts";
import { SYNC_META_ID, unlock } from "../../sync/crypto/index.ts";
import { openDoc } from "../../sync/replication/encrypted-doc.ts";
import { memoryPouch } from "../../sync/replication/memory-pouch.ts";
import { TEST_KDF } from "../../test/sync-keys.ts";
import { type RunningSyncServer, startSyncServer } from "../../test/sync-server.ts";
import { servicesOf, testApp } from "../../test/test-app.ts";
import { agentsSet, settingsSet } from "./app-sets.ts";
import { SyncService } from "./sync-service.ts";

const PouchDB = memoryPouch();
const PASSPHRASE = "correct horse battery staple";
const TOKEN = "proxy-token-7f3a9c";
const MODEL = "provider-x/secret-model";
const poet = { name: "Poet", instructions: "Rhyme.", model: "", tools: [], maxSteps: 2 };

let server: RunningSyncServer;
let counter = 0;
const services: SyncService[] = [];
beforeAll(async () => {
  server = await startSyncServer();
});
afterAll(() => server.stop());
afterEach(() => {
  for (const service of services.splice(0)) service.dispose();
});

/** A device as the app composes it (store, agents, settings), with sync of its agents and settings. */
function device() {
  const { store, repository } = testApp();
  const app = servicesOf(store);
  const sync = new SyncService({
    repository,
    loadPouch: async () => PouchDB,
    localAdapter: "memory",
    localName: `sets-device-${++counter}`,
    sessionIds: () => [],
    write: async () => true,
    merge: mergeSessions,
    deleteArrived: async () => {},
    sets: [agentsSet(store, app.agents), settingsSet(store, app.settings)],
    kdf: TEST_KDF,
  });
  services.push(sync);
  const start = (url: string) =>
    sync.start({ server: url, username: "", password: "", passphrase: PASSPHRASE });
  return { store, app, sync, start };
}

const synced = (sync: SyncService) =>
  vi.waitFor(() => expect(sync.getStatus()).toEqual({ state: "synced" }), { timeout: 10_000 });

describe("agents and settings sync", () => {
  it("carries agents and settings both ways; a new device does not overwrite them with its defaults", async () => {
    const url = await server.createDatabase(`sets-${++counter}`);
    const a = device();
    await a.app.agents.load();
    await a.app.agents.save(poet, null);
    a.app.settings.update({ theme: "dark", locale: "zh" });
    await a.start(url);
    await a.sync.settled();
    await synced(a.sync);

    const b = device();
    await b.app.agents.load();
    await b.start(url);
    // Each setting is its own document: wait for both.
    await vi.waitFor(
      () => expect(b.store.getState().settings).toMatchObject({ theme: "dark", locale: "zh" }),
      { timeout: 10_000 },
    );
    await vi.waitFor(() => expect(b.app.agents.custom()).toEqual([poet]), { timeout: 10_000 });

    // Changes of different names on each device: both kept.
    b.app.settings.update({ theme: "light" });
    await a.app.agents.save({ ...poet, name: "Critic" }, null);
    await vi.waitFor(() => expect(a.store.getState().settings.theme).toBe("light"), {
      timeout: 10_000,
    });
    await vi.waitFor(
      () => expect(b.app.agents.custom().map((x) => x.name)).toEqual(["Poet", "Critic"]),
      { timeout: 10_000 },
    );
    await a.app.agents.delete("Poet");
    await vi.waitFor(() => expect(b.app.agents.custom().map((x) => x.name)).toEqual(["Critic"]), {
      timeout: 10_000,
    });
  });

  it("gives both devices the later edit of one agent changed on each while apart, and leaves no conflict", async () => {
    const url = await server.createDatabase(`sets-${++counter}`);
    const a = device();
    const b = device();
    await a.app.agents.load();
    await b.app.agents.load();
    await a.app.agents.save(poet, null);
    await a.start(url);
    await b.start(url);
    await vi.waitFor(() => expect(b.app.agents.custom()).toEqual([poet]), { timeout: 10_000 });
    await Promise.all([a.sync.settled(), b.sync.settled()]);
    await Promise.all([synced(a.sync), synced(b.sync)]);
    a.sync.pause();
    b.sync.pause();
    await a.app.agents.save({ ...poet, instructions: "A: rhyme." }, "Poet");
    await a.sync.settled();
    const edited = Date.now();
    await vi.waitFor(() => expect(Date.now()).toBeGreaterThan(edited));
    const later = { ...poet, instructions: "B: rhyme, later." };
    await b.app.agents.save(later, "Poet");
    await b.sync.settled();
    a.sync.resume();
    b.sync.resume();
    for (const side of [a, b])
      await vi.waitFor(() => expect(side.app.agents.custom()).toEqual([later]), {
        timeout: 10_000,
      });
    await vi.waitFor(
      async () => {
        const body = await (
          await fetch(`${url}/_all_docs?include_docs=true&conflicts=true`)
        ).json();
        const rows = (body as { rows: { doc?: { _conflicts?: string[] } }[] }).rows;
        expect(rows.filter((row) => row.doc?._conflicts?.length)).toEqual([]);
      },
      { timeout: 10_000 },
    );
    await Promise.all([a.sync.settled(), b.sync.settled()]);
    await Promise.all([synced(a.sync), synced(b.sync)]);
  });

  it("never puts the proxy access token or the model in any sealed document", async () => {
    const url = await server.createDatabase(`sets-${++counter}`);
    const a = device();
    await a.app.agents.load();
    await a.app.agents.save(poet, null);
    a.app.settings.update({ accessToken: TOKEN, model: MODEL, theme: "dark" });
    await a.start(url);
    await a.sync.settled();
    await synced(a.sync);

    const { rows } = (await (await fetch(`${url}/_all_docs?include_docs=true`)).json()) as {
      rows: { id: string; doc: unknown }[];
    };
    const meta = rows.find((r) => r.id === SYNC_META_ID)?.doc;
    const keys = await unlock(PASSPHRASE, meta, TEST_KDF);
    if (!keys.ok) throw new Error(keys.error.code);
    const opened: string[] = [];
    for (const row of rows.filter((r) => r.id !== SYNC_META_ID)) {
      const record = await openDoc(keys.value, row.doc);
      if (!record.ok) throw new Error(record.error.code);
      opened.push(`${record.value.parleyKey}\n${record.value.json}`);
    }
    expect(opened.some((text) => text.includes("dark"))).toBe(true);
    expect(opened.some((text) => text.includes("Rhyme."))).toBe(true);
    for (const text of opened) {
      expect(text).not.toContain(TOKEN);
      expect(text).not.toContain(MODEL);
      expect(text).not.toMatch(/accessToken|"model"\s*:\s*"provider/);
    }
  });
});
