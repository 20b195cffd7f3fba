import "fake-indexeddb/auto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { session, WHOLE } from "../../test/persistence-builders.ts";
import { IdbSessionRepository } from "../idb-repository.ts";
import { freshName, openTab } from "../idb-test-kit.ts";

/** A database holding `count` sessions, written and closed by a tab of its own. */
async function stored(count: number): Promise<string> {
  const name = freshName();
  const tab = await openTab(name);
  for (let i = 1; i <= count; i++) await tab.repository.save(session(i, 2), WHOLE);
  tab.repository.close();
  return name;
}

/** The object store's prototype with `getAllRecords`, which TypeScript's DOM types lack yet. */
const storeProto = IDBObjectStore.prototype as IDBObjectStore & {
  getAllRecords?: (options: object) => IDBRequest;
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe("readRecords (the list of sessions)", () => {
  it("walks each key range once where the browser has getAllRecords", async () => {
    const name = await stored(3);
    const getAll = vi.spyOn(IDBObjectStore.prototype, "getAll");
    const getAllKeys = vi.spyOn(IDBObjectStore.prototype, "getAllKeys");
    const records = vi.spyOn(storeProto as Required<typeof storeProto>, "getAllRecords");
    const repository = new IdbSessionRepository({ name });
    const { summaries } = await repository.load();
    expect(summaries.map((s) => s.id).sort()).toEqual(
      [1, 2, 3].map((i) => session(i, 0).id).sort(),
    );
    // The summaries' range and the set-aside records' range: one request each.
    expect(records).toHaveBeenCalledTimes(2);
    expect(getAll).not.toHaveBeenCalled();
    expect(getAllKeys).not.toHaveBeenCalled();
    repository.close();
  });

  it("reads the same records with getAll and getAllKeys where getAllRecords is missing", async () => {
    const name = await stored(3);
    const withRecords = new IdbSessionRepository({ name });
    const expected = await withRecords.load();
    withRecords.close();
    const original = storeProto.getAllRecords as NonNullable<typeof storeProto.getAllRecords>;
    delete storeProto.getAllRecords;
    try {
      const getAll = vi.spyOn(IDBObjectStore.prototype, "getAll");
      const repository = new IdbSessionRepository({ name });
      expect(await repository.load()).toEqual(expected);
      expect(getAll).toHaveBeenCalled();
      repository.close();
    } finally {
      storeProto.getAllRecords = original;
    }
  });
});
