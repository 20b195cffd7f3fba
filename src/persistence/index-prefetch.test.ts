import "fake-indexeddb/auto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { session, WHOLE } from "../test/persistence-builders.ts";
import { IdbSessionRepository } from "./idb-repository.ts";
import { freshName, openTab } from "./idb-test-kit.ts";

/** A database holding `count` sessions, written and closed by a tab of its own. */
async function stored(count: number): Promise<string> {
  const name = freshName();
  const tab = await openTab(name);
  for (let i = 1; i <= count; i++) await tab.repository.save(session(i, 2), WHOLE);
  tab.repository.close();
  return name;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("reading the list of sessions", () => {
  it("walks each key range once where the browser has getAllRecords", async () => {
    const name = await stored(3);
    const getAll = vi.spyOn(IDBObjectStore.prototype, "getAll");
    const getAllKeys = vi.spyOn(IDBObjectStore.prototype, "getAllKeys");
    const records = vi.spyOn(IDBObjectStore.prototype, "getAllRecords");
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
    const proto = IDBObjectStore.prototype as { getAllRecords?: unknown };
    const original = proto.getAllRecords;
    delete proto.getAllRecords;
    try {
      const getAll = vi.spyOn(IDBObjectStore.prototype, "getAll");
      const repository = new IdbSessionRepository({ name });
      expect(await repository.load()).toEqual(expected);
      expect(getAll).toHaveBeenCalled();
      repository.close();
    } finally {
      proto.getAllRecords = original;
    }
  });

  it("with prefetch, the read starts at construction and the first load takes it", async () => {
    const name = await stored(2);
    const records = vi.spyOn(IDBObjectStore.prototype, "getAllRecords");
    const repository = new IdbSessionRepository({ name, prefetch: true });
    // Nobody asked for the list yet, and it is being read.
    await vi.waitFor(() => expect(records).toHaveBeenCalledTimes(2));
    const first = await repository.load();
    expect(first.summaries).toHaveLength(2);
    expect(records).toHaveBeenCalledTimes(2);
    // Taken once: the next load reads again.
    await repository.load();
    expect(records).toHaveBeenCalledTimes(4);
    repository.close();
  });

  it("a prefetch that fails is load's failure, not an unhandled rejection", async () => {
    const name = await stored(1);
    // This Parley knows only layout 1: the database (layout 2) was upgraded by a newer one.
    const repository = new IdbSessionRepository({ name, prefetch: true, layoutVersion: 1 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    await expect(repository.load()).rejects.toThrow(/upgraded by another tab/);
    repository.close();
  });
});
