import "fake-indexeddb/auto";
import { createStore, set } from "idb-keyval";
import { describe, expect, it } from "vitest";
import { createBlobStore } from "./blob-store.ts";

const hash = "a".repeat(64);

describe("createBlobStore", () => {
  it("keeps bytes by hash, once, and removes them", async () => {
    const blobs = createBlobStore(createStore("blobs-test-1", "blobs"));
    expect(await blobs.put(hash, { mime: "image/png", bytes: new Uint8Array([1, 2]) })).toEqual({
      ok: true,
    });
    expect(await blobs.put(hash, { mime: "image/png", bytes: new Uint8Array([1, 2]) })).toEqual({
      ok: true,
    });
    const back = await blobs.get(hash);
    expect(back?.mime).toBe("image/png");
    expect([...(back?.bytes ?? [])]).toEqual([1, 2]);
    expect(await blobs.hashes()).toEqual([hash]);
    await blobs.remove(hash);
    expect(await blobs.get(hash)).toBeUndefined();
  });

  it("treats a damaged record as absent", async () => {
    const store = createStore("blobs-test-2", "blobs");
    await set(hash, { mime: "", bytes: "not bytes" }, store);
    expect(await createBlobStore(store).get(hash)).toBeUndefined();
  });

  it("reports a full disk as the quota fault and leaves nothing", async () => {
    const store = createStore("blobs-test-3", "blobs");
    const full = createBlobStore(async (mode, callback) => {
      if (mode === "readwrite") throw new DOMException("full", "QuotaExceededError");
      return store(mode, callback);
    });
    expect(await full.put(hash, { mime: "text/plain", bytes: new Uint8Array([1]) })).toEqual({
      ok: false,
      fault: { kind: "quota" },
    });
    expect(await full.hashes()).toEqual([]);
  });
});
