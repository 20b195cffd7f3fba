// PouchDB registers its IndexedDB adapter only where IndexedDB exists.
import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { loadBrowserPouch } from "./load-browser-pouch.ts";

describe("loadBrowserPouch", () => {
  it("loads PouchDB once, with IndexedDB, HTTP and replication and nothing else", async () => {
    const first = loadBrowserPouch();
    expect(loadBrowserPouch()).toBe(first);
    const PouchDB = await first;
    expect(Object.keys(PouchDB.adapters).sort()).toEqual(["http", "https", "idb"]);
    expect(typeof PouchDB.replicate).toBe("function");
  });
});
