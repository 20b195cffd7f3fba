import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { session, WHOLE } from "../test/persistence-builders.ts";
import { prepareDatabase } from "./database/idb-connection.ts";
import { prepareInTime } from "./database/prepare-in-time.ts";
import { IdbSessionRepository } from "./idb-repository.ts";
import { freshName, rawRecords } from "./idb-test-kit.ts";
import { LAYOUT_VERSION, STORE_NAME } from "./layout/idb-names.ts";
import { LAYOUT_STEPS } from "./layout/migrations.ts";
import type { StorageFault } from "./repository.ts";

/** A connection of an older Parley: it never closes when another tab asks to upgrade. */
function olderTab(name: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** The next layout: the current steps and one more that marks the upgrade as done. */
const nextLayout = {
  version: LAYOUT_VERSION + 1,
  steps: {
    ...LAYOUT_STEPS,
    [LAYOUT_VERSION]: (_db: IDBDatabase, tx: IDBTransaction) => {
      tx.objectStore(STORE_NAME).put("yes", "upgraded");
    },
  },
};

describe("an upgrade blocked by an older tab", () => {
  it("is told at once, not after the open timeout, and goes on when that tab closes", async () => {
    const name = freshName();
    await prepareDatabase(name);
    const older = await olderTab(name);

    const prepared = await prepareInTime(name, indexedDB, 60_000, nextLayout);
    expect(prepared.blocked).toBe(true);
    if (!prepared.blocked) return;
    older.close();
    await prepared.ready;
    expect((await rawRecords(name)).get("upgraded")).toBe("yes");
  });

  it("shows the blocked fault until the upgrade is done, and loads after it", async () => {
    const name = freshName();
    await prepareDatabase(name);
    const writer = new IdbSessionRepository({ name, throttleMs: 0 });
    await writer.load();
    await writer.save(session(1, 2), WHOLE);
    writer.close();
    const older = await olderTab(name);

    const prepared = await prepareInTime(name, indexedDB, 60_000, nextLayout);
    if (!prepared.blocked) throw new Error("the upgrade should be blocked");
    const repository = new IdbSessionRepository({
      name,
      preparing: prepared.ready,
      layoutVersion: nextLayout.version,
    });
    const faults: (StorageFault | null)[] = [repository.currentFault()];
    repository.subscribeFaults((f) => faults.push(f));
    let loaded = false;
    const loading = repository.load().then((r) => {
      loaded = true;
      return r;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(loaded).toBe(false);
    expect(faults[0]).toEqual({ kind: "blocked" });

    older.close();
    expect((await loading).summaries.map((s) => s.id)).toEqual([session(1).id]);
    expect(faults.at(-1)).toBeNull();
    expect(repository.currentFault()).toBeNull();
  });

  it("a database that does not answer still times out", async () => {
    const silent = { open: () => ({}) } as unknown as IDBFactory;
    await expect(prepareInTime(freshName(), silent, 10)).rejects.toThrow(/did not open in time/);
  });
});
