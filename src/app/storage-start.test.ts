import "fake-indexeddb/auto";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { DB_NAME } from "../persistence/layout/idb-names.ts";

/** Evaluates storage-start.ts afresh (its work is a side effect of being imported). */
async function wake(): Promise<void> {
  vi.resetModules();
  await import("./storage-start.ts");
  // Its open request answers in a later task.
  await new Promise((resolve) => setTimeout(resolve, 20));
}

function version(): Promise<number | undefined> {
  return indexedDB.databases().then((all) => all.find((d) => d.name === DB_NAME)?.version);
}

beforeEach(async () => {
  await new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(DB_NAME);
    request.onsuccess = request.onerror = resolve;
  });
});

describe("waking IndexedDB at the page's start", () => {
  it("creates no database where there is none (the repository creates and lays it out)", async () => {
    await wake();
    expect(await version()).toBeUndefined();
  });

  it("leaves an older database at its version, for the repository to migrate", async () => {
    await new Promise<void>((resolve) => {
      const request = indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = () => request.result.createObjectStore("old");
      request.onsuccess = () => {
        request.result.close();
        resolve();
      };
    });
    await wake();
    expect(await version()).toBe(1);
  });
});
