import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import type { Session } from "../core/session.ts";
import {
  appendChange,
  appended,
  headChange,
  message,
  session,
  WHOLE,
} from "../test/persistence-builders.ts";
import { freshName, openTab } from "./idb-test-kit.ts";
import { key } from "./layout/records.ts";

/** The keys put while `write` runs. */
async function putKeys(write: () => Promise<unknown>): Promise<string[]> {
  const keys: string[] = [];
  const put = IDBObjectStore.prototype.put;
  IDBObjectStore.prototype.put = function (this: IDBObjectStore, value, k) {
    keys.push(String(k));
    return put.call(this, value, k);
  };
  try {
    await write();
  } finally {
    IDBObjectStore.prototype.put = put;
  }
  return keys.sort();
}

/** The same session as new objects: nothing of it is the object the repository last saw. */
const rebuilt = (s: Session): Session => structuredClone(s);

async function stored(count: number) {
  const name = freshName();
  const tab = await openTab(name);
  const s = session(1, count);
  await tab.repository.save(s, WHOLE);
  return { name, tab, s };
}

/** Four messages stored by this tab, then a fifth appended by another tab. */
async function withOtherTabsAppend() {
  const { name, tab, s } = await stored(4);
  const other = await openTab(name);
  const inOther = await other.repository.open(s.id);
  if (!inOther) throw new Error("not stored");
  await other.repository.save(appended(inOther, message(4)), appendChange(inOther, message(4)));
  return { name, tab, s };
}

const reopened = async (name: string, id: string) => (await openTab(name)).repository.open(id);

describe("a save writes what its change says, never guessing from the objects", () => {
  it("an append writes the appended message's chunk, the head and the summary, even when the session was rebuilt", async () => {
    const { name, tab, s } = await stored(40);
    const next = rebuilt(appended(s, message(40)));
    const keys = await putKeys(() => tab.repository.save(next, appendChange(s, message(40))));
    expect(keys).toEqual([key.chunk(s.id, 2), key.head(s.id), key.summary(s.id)].sort());
    expect(await reopened(name, s.id)).toEqual(next);
  });

  it("an append that starts a chunk writes only that chunk", async () => {
    const { name, tab, s } = await stored(32);
    const next = rebuilt(appended(s, message(32), message(33)));
    const change = appendChange(s, message(32), message(33));
    const keys = await putKeys(() => tab.repository.save(next, change));
    expect(keys).toEqual([key.chunk(s.id, 2), key.head(s.id), key.summary(s.id)].sort());
    expect(await reopened(name, s.id)).toEqual(next);
  });

  it("a head change writes no chunk", async () => {
    const { name, tab, s } = await stored(40);
    const next = rebuilt({ ...s, title: "Renamed", revision: s.revision + 1 });
    const keys = await putKeys(() => tab.repository.save(next, headChange(s)));
    expect(keys).toEqual([key.head(s.id), key.summary(s.id)].sort());
    expect(await reopened(name, s.id)).toEqual(next);
  });

  it("a replaced message writes its own chunk", async () => {
    const { name, tab, s } = await stored(40);
    const edited = s.messages.map((m) => (m.id === "m20" ? { ...m, content: "edited" } : m));
    const next = rebuilt({ ...s, messages: edited, revision: s.revision + 1 });
    const change = { kind: "replace", messageIds: ["m20"], base: s.revision } as const;
    const keys = await putKeys(() => tab.repository.save(next, change));
    expect(keys).toEqual([key.chunk(s.id, 1), key.head(s.id), key.summary(s.id)].sort());
    expect(await reopened(name, s.id)).toEqual(next);
  });

  it("a rewrite writes its chunks on and deletes the ones past the new end", async () => {
    const { name, tab, s } = await stored(40);
    const cut = { ...s, messages: [...s.messages.slice(0, 10), message(99)], revision: 41 };
    const change = { kind: "rewrite", from: 10, base: s.revision } as const;
    const keys = await putKeys(() => tab.repository.save(rebuilt(cut), change));
    expect(keys).toEqual([key.chunk(s.id, 0), key.head(s.id), key.summary(s.id)].sort());
    expect(await reopened(name, s.id)).toEqual(cut);
  });

  it("a change made from the version this tab holds is merged against it when another tab wrote", async () => {
    const { name, tab, s } = await withOtherTabsAppend();
    const cut = { ...s, messages: s.messages.slice(0, 3), revision: s.revision + 1 };
    await tab.repository.save(cut, { kind: "rewrite", from: 3, base: s.revision });
    const ids = (await reopened(name, s.id))?.messages.map((m) => m.id);
    expect(ids).toEqual(["m0", "m1", "m2", "m4"]);
  });

  it("a change whose base this tab does not hold is merged with no base: nothing stored is lost", async () => {
    const { name, tab, s } = await withOtherTabsAppend();
    const elsewhere = { ...s, messages: s.messages.slice(0, 3), revision: 17 };
    await tab.repository.save(elsewhere, { kind: "rewrite", from: 3, base: 16 });
    const ids = (await reopened(name, s.id))?.messages.map((m) => m.id);
    expect(ids).toEqual(["m0", "m1", "m2", "m3", "m4"]);
  });

  it("a save that failed is written with the next one made from it", async () => {
    const { name, tab, s } = await stored(40);
    const failing = appended(s, message(40));
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = () => {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    };
    try {
      await tab.repository.save(failing, appendChange(s, message(40)));
    } finally {
      IDBObjectStore.prototype.put = put;
    }
    const next = rebuilt(appended(failing, message(41)));
    const keys = await putKeys(() => tab.repository.save(next, appendChange(failing, message(41))));
    expect(keys).toEqual([key.chunk(s.id, 2), key.head(s.id), key.summary(s.id)].sort());
    expect(await reopened(name, s.id)).toEqual(next);
  });

  it("saves folded in the queue write what each of them changed", async () => {
    const name = freshName();
    const tab = await openTab(name, { throttleMs: 60_000 });
    const s = session(1, 40);
    await tab.repository.save(s, WHOLE, { immediate: true });
    const renamed = { ...s, messages: [...s.messages], title: "Renamed", revision: 41 };
    const edited = renamed.messages.map((m) => (m.id === "m3" ? { ...m, content: "edited" } : m));
    const next = rebuilt(appended({ ...renamed, messages: edited, revision: 42 }, message(40)));
    const keys = await putKeys(async () => {
      void tab.repository.save(renamed, headChange(s));
      const replace = { kind: "replace", messageIds: ["m3"], base: 41 } as const;
      void tab.repository.save({ ...renamed, messages: edited, revision: 42 }, replace);
      const appending = tab.repository.save(next, {
        ...appendChange(renamed, message(40)),
        base: 42,
      });
      await tab.repository.flush();
      await appending;
    });
    const chunks = [key.chunk(s.id, 0), key.chunk(s.id, 2)];
    expect(keys).toEqual([...chunks, key.head(s.id), key.summary(s.id)].sort());
    expect(await reopened(name, s.id)).toEqual(next);
  });
});
