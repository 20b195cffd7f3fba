import "fake-indexeddb/auto";
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { path } from "../../core/tree.ts";
import { prepareDatabase } from "../database/idb-connection.ts";
import { request } from "../database/idb-request.ts";
import { freshName, openTab, rawRecords } from "../idb-test-kit.ts";
import { LAYOUT_VERSION, STORE_NAME } from "./idb-names.ts";
import { LAYOUT_STEPS, type LayoutStep } from "./migrations.ts";

interface Fixture {
  layout: number;
  records: [string, unknown][];
  expect: Array<{
    id: string;
    title: string;
    pinned: boolean;
    messages: number;
    last: string;
    /** The last message of the visible path, where the conversation is a tree (layout 2 on). */
    shown?: string;
    state: unknown;
  }>;
}

const dir = new URL("./fixtures/", import.meta.url);
const fixtures = readdirSync(dir)
  .filter((f) => /^layout-\d+\.json$/.test(f))
  .map((f) => JSON.parse(readFileSync(new URL(f, dir), "utf8")) as Fixture);

/** A database exactly as an older Parley left it. */
function seed(name: string, version: number, records: [string, unknown][]): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name, version);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE_NAME);
    request.onsuccess = () => {
      const db = request.result;
      const tx = db.transaction(STORE_NAME, "readwrite");
      for (const [key, value] of records) tx.objectStore(STORE_NAME).put(value, key);
      tx.oncomplete = () => {
        db.close();
        resolve();
      };
      tx.onabort = () => reject(tx.error);
    };
    request.onerror = () => reject(request.error);
  });
}

describe("stored layouts", () => {
  it("has a fixture for every layout up to this one", () => {
    expect(fixtures.map((f) => f.layout).sort()).toEqual(
      Array.from({ length: LAYOUT_VERSION }, (_, i) => i + 1),
    );
  });

  for (const fixture of fixtures) {
    it(`reads every conversation stored by layout ${fixture.layout}`, async () => {
      const name = freshName();
      await seed(name, fixture.layout, fixture.records);
      const { repository } = await openTab(name);
      const { summaries, damaged } = await repository.load();
      expect(damaged).toEqual([]);
      expect(summaries.map((s) => s.id).sort()).toEqual(fixture.expect.map((e) => e.id).sort());
      for (const e of fixture.expect) {
        const session = await repository.open(e.id);
        expect(session?.title).toBe(e.title);
        expect(session?.metadata.pinned === true).toBe(e.pinned);
        expect(session?.messages).toHaveLength(e.messages);
        expect(session?.messages.at(-1)?.content).toBe(e.last);
        if (e.shown !== undefined && session) expect(path(session).at(-1)?.content).toBe(e.shown);
        expect(session?.state).toEqual(e.state);
      }
    });
  }

  it("runs the steps in order, from the stored layout up", async () => {
    const name = freshName();
    await seed(name, 1, [["k", 1]]);
    const ran: number[] = [];
    const step =
      (n: number): LayoutStep =>
      async (_db, tx) => {
        ran.push(n);
        const store = tx.objectStore(STORE_NAME);
        const value = await request<number>(store.get("k"));
        store.put(value * 10 + n, "k");
      };
    await prepareDatabase(name, indexedDB, {
      version: 4,
      steps: { ...LAYOUT_STEPS, 1: step(1), 2: step(2), 3: step(3) },
    });
    expect(ran).toEqual([1, 2, 3]);
    expect((await rawRecords(name)).get("k")).toBe(1123);
  });

  it("keeps the old records and layout when a step fails half way", async () => {
    const name = freshName();
    await seed(name, 1, [["old", "kept"]]);
    const failing: LayoutStep = (_db, tx) => {
      const store = tx.objectStore(STORE_NAME);
      store.put("new", "new");
      store.delete("old");
      throw new Error("the step failed");
    };
    await expect(
      prepareDatabase(name, indexedDB, { version: 2, steps: { ...LAYOUT_STEPS, 1: failing } }),
    ).rejects.toThrow(/the step failed/);
    expect([...(await rawRecords(name)).entries()]).toEqual([["old", "kept"]]);
    // Still layout 1: it opens at version 1 with no upgrade to run.
    await expect(prepareDatabase(name, indexedDB, { version: 1 })).resolves.toBeUndefined();
  });
});
