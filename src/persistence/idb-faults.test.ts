import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { appendChange, appended, message, session, WHOLE } from "../test/persistence-builders.ts";
import { Connection, OutdatedError, prepareDatabase } from "./database/idb-connection.ts";
import { freshName, openTab, putRaw, rawRecords } from "./idb-test-kit.ts";
import { LAYOUT_VERSION } from "./layout/idb-names.ts";
import type { StorageFault } from "./repository.ts";

describe("IndexedDB faults", () => {
  it("a quota error leaves no partial record, is reported, and lasts until that session is saved", async () => {
    const name = freshName();
    const { repository } = await openTab(name);
    const s = session(1, 40);
    await repository.save(s, WHOLE);
    const before = await rawRecords(name);
    const faults: (StorageFault | null)[] = [];
    repository.subscribeFaults((f) => faults.push(f));

    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, value, key) {
      if (String(key).startsWith("m:"))
        throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      return put.call(this, value, key);
    };
    let outcome: Awaited<ReturnType<typeof repository.save>>;
    try {
      outcome = await repository.save(appended(s, message(40)), appendChange(s, message(40)));
    } finally {
      IDBObjectStore.prototype.put = put;
    }
    expect(outcome).toEqual({ ok: false, fault: expect.objectContaining({ kind: "quota" }) });
    expect(await rawRecords(name)).toEqual(before);
    expect(faults.at(-1)?.kind).toBe("quota");

    await repository.checkpoint(s.id, message(41, { content: "a small partial answer" }));
    expect(faults.at(-1)?.kind).toBe("quota");
    await repository.checkpoint(s.id, null);

    const next = appended(s, message(40));
    expect(await repository.save(next, appendChange(s, message(40)))).toEqual({ ok: true });
    expect(faults.at(-1)).toBeNull();
    expect((await (await openTab(name)).repository.open(s.id))?.messages).toHaveLength(41);
  });

  it("a connection the browser closed is reopened and the write tried once more", async () => {
    const name = freshName();
    await prepareDatabase(name);
    const connection = new Connection(name, () => undefined);
    const db = await connection.transact("readonly", (store) => store.transaction.db);
    db.close();
    await connection.transact("readwrite", (store) => {
      store.put("value", "key");
    });
    expect((await rawRecords(name)).get("key")).toBe("value");
  });

  it("a tab with this version open never blocks an upgrade, and stops writing after it", async () => {
    const name = freshName();
    const { repository } = await openTab(name);
    await repository.save(session(1, 1), WHOLE);
    const faults: (StorageFault | null)[] = [];
    repository.subscribeFaults((f) => faults.push(f));

    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.open(name, LAYOUT_VERSION + 1);
      request.onsuccess = () => {
        request.result.close();
        resolve();
      };
      request.onerror = () => reject(request.error);
      request.onblocked = () => reject(new Error("the upgrade was blocked"));
    });

    expect(faults.map((f) => f?.kind)).toEqual(["outdated"]);
    const outcome = await repository.save(session(2, 1), WHOLE);
    expect(outcome).toEqual({ ok: false, fault: expect.objectContaining({ kind: "outdated" }) });
    expect([...(await rawRecords(name)).keys()].some((k) => k.includes(session(2).id))).toBe(false);
  });

  it("a database upgraded by a newer Parley is not opened by this one", async () => {
    const name = freshName();
    await new Promise<void>((resolve) => {
      const request = indexedDB.open(name, LAYOUT_VERSION + 3);
      request.onupgradeneeded = () => request.result.createObjectStore("records");
      request.onsuccess = () => {
        request.result.close();
        resolve();
      };
    });
    await expect(prepareDatabase(name)).rejects.toThrow(OutdatedError);
  });

  it("a damaged chunk is set aside with its raw data; the rest of the session loads", async () => {
    const name = freshName();
    const { repository } = await openTab(name);
    const s = session(1, 40);
    await repository.save(s, WHOLE);
    await repository.save(session(2, 3), WHOLE);
    const garbage = { format_version: 1, messages: [{ id: 7, role: "robot" }] };
    await putRaw(name, `m:${s.id}:000001`, garbage);

    const tab = await openTab(name);
    const faults: (StorageFault | null)[] = [];
    tab.repository.subscribeFaults((f) => faults.push(f));
    const opened = await tab.repository.open(s.id);
    expect(opened?.messages.map((m) => m.id)).toEqual([
      ...s.messages.slice(0, 16).map((m) => m.id),
      ...s.messages.slice(32).map((m) => m.id),
    ]);
    expect(faults[0]?.kind).toBe("damaged");
    const damaged = await tab.repository.damaged();
    expect(damaged).toEqual([
      {
        key: `m:${s.id}:000001`,
        problem: {
          code: "codec",
          error: {
            path: "$.messages[0].id",
            code: "field-type",
            expected: "string",
            received: "number",
            more: 3,
          },
        },
        raw: garbage,
      },
    ]);
    expect(await tab.repository.open(session(2).id)).toEqual(session(2, 3));

    if (!opened) throw new Error("unreachable");
    await tab.repository.save(appended(opened, message(99)), appendChange(opened, message(99)));
    const reread = await (await openTab(name)).repository.open(s.id);
    expect(reread?.messages).toHaveLength(25);
    expect((await tab.repository.load()).damaged).toHaveLength(1);
    await tab.repository.discardDamaged(`m:${s.id}:000001`);
    expect(await tab.repository.damaged()).toEqual([]);
  });

  it("a damaged summary is rebuilt from its session and reported", async () => {
    const name = freshName();
    const { repository } = await openTab(name);
    await repository.save(session(1, 5), WHOLE);
    await putRaw(name, `s:${session(1).id}`, "not a summary");
    const tab = await openTab(name);
    const { summaries, damaged } = await tab.repository.load();
    expect(summaries.map((s) => [s.id, s.messageCount])).toEqual([[session(1).id, 5]]);
    expect(damaged).toEqual([expect.objectContaining({ raw: "not a summary" })]);
  });

  it("a session whose head is damaged is set aside whole and every other one loads", async () => {
    const name = freshName();
    const { repository } = await openTab(name);
    await repository.save(session(1, 20), WHOLE);
    await repository.save(session(2, 2), WHOLE);
    await putRaw(name, `s:${session(1).id}`, null);
    await putRaw(name, `h:${session(1).id}`, { head: { session_id: "nope" } });
    const tab = await openTab(name);
    const { summaries, damaged } = await tab.repository.load();
    expect(summaries.map((s) => s.id)).toEqual([session(2).id]);
    expect(damaged.map((d) => d.key).sort()).toEqual(
      [
        `h:${session(1).id}`,
        `m:${session(1).id}:000000`,
        `m:${session(1).id}:000001`,
        `s:${session(1).id}`,
      ].sort(),
    );
    expect(await tab.repository.open(session(1).id)).toBeUndefined();
  });
});
