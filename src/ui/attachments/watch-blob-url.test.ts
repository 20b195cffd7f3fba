import { describe, expect, it } from "vitest";
import { type BlobSource, watchBlobUrl } from "./watch-blob-url.ts";

type StoredBlob = NonNullable<Awaited<ReturnType<BlobSource["blob"]>>>;

const HASH = "a".repeat(64);
const bytes: StoredBlob = { bytes: new Uint8Array([1, 2, 3]), mime: "image/png" };

/** A store whose reads wait until the test lets each go, and which tells its listeners of puts. */
function slowStore() {
  let held: StoredBlob | undefined;
  const reads: Array<() => void> = [];
  const listeners = new Set<(hash: string) => void>();
  const source: BlobSource = {
    blob: () => {
      // What the store holds when the read began, as an IndexedDB get ordered before a put.
      const seen = held;
      return new Promise((resolve) => reads.push(() => resolve(seen)));
    },
    onStored: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    source,
    put: () => {
      held = bytes;
      for (const listener of listeners) listener(HASH);
    },
    release: async () => {
      for (const read of reads.splice(0)) read();
      await new Promise((resolve) => setTimeout(resolve));
    },
  };
}

describe("watchBlobUrl", () => {
  it("shows bytes stored while its first read was under way", async () => {
    const store = slowStore();
    const shown: Array<string | null> = [];
    const stop = watchBlobUrl(store.source, HASH, (url) => shown.push(url));
    store.put();
    await store.release();
    expect(shown.at(-1)).toMatch(/^blob:/);
    stop();
  });

  it("shows null while the bytes are missing, then the picture once they are stored", async () => {
    const store = slowStore();
    const shown: Array<string | null> = [];
    const stop = watchBlobUrl(store.source, HASH, (url) => shown.push(url));
    await store.release();
    expect(shown).toEqual([null]);
    store.put();
    await store.release();
    expect(shown).toHaveLength(2);
    expect(shown[1]).toMatch(/^blob:/);
    stop();
  });

  it("tells nothing once stopped", async () => {
    const store = slowStore();
    const shown: Array<string | null> = [];
    watchBlobUrl(store.source, HASH, (url) => shown.push(url))();
    store.put();
    await store.release();
    expect(shown).toEqual([]);
  });
});
