import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import {
  appendChange,
  appended,
  headChange,
  message,
  session,
  WHOLE,
} from "../test/persistence-builders.ts";
import { IdbSessionRepository } from "./idb-repository.ts";
import { freshName, openTab, rawRecords } from "./idb-test-kit.ts";
import { CHUNK_SIZE } from "./layout/records.ts";

describe("IdbSessionRepository", () => {
  it("brings back every session, message and tool call after a reload", async () => {
    const name = freshName();
    const first = await openTab(name);
    const withTools = session(1, 3, {
      state: { name: "Li Ming" },
      metadata: { pinned: true },
    });
    withTools.messages[1] = message(1, {
      toolCalls: [{ id: "call_1", name: "calculator", arguments: '{"expression":"2+3"}' }],
      usage: { promptTokens: 1, completionTokens: 2, totalTokens: 3 },
      timing: { firstTokenMs: 12, totalMs: 40 },
    });
    withTools.messages[2] = message(2, { role: "tool", toolCallId: "call_1", content: "5" });
    await first.repository.save(withTools, WHOLE);
    await first.repository.save(session(2, 40), WHOLE);

    const second = await openTab(name);
    const { summaries } = await second.repository.load();
    expect(summaries.map((s) => [s.id, s.messageCount, s.pinned]).sort()).toEqual([
      [withTools.id, 3, true],
      [session(2).id, 40, false],
    ]);
    expect(await second.repository.open(withTools.id)).toEqual(withTools);
    expect(await second.repository.open(session(2).id)).toEqual(session(2, 40));
    expect(await second.repository.open(session(9).id)).toBeUndefined();
  });

  it("appending a message rewrites one chunk, the head and the summary, whatever the length", async () => {
    const name = freshName();
    const tab = await openTab(name);
    const costs: number[] = [];
    for (const length of [10, 1000]) {
      const long = session(length, length);
      await tab.repository.save(long, WHOLE);
      tab.writes.length = 0;
      await tab.repository.save(
        appended(long, message(length)),
        appendChange(long, message(length)),
      );
      expect(tab.writes).toHaveLength(1);
      expect(tab.writes[0]?.records).toBe(3);
      costs.push(tab.writes[0]?.bytes ?? 0);
    }
    expect(costs[1]).toBeLessThan((costs[0] ?? 0) * 2);
  });

  it("refuses a write before load() and holds one asked for during the load", async () => {
    const name = freshName();
    const { repository: writer } = await openTab(name);
    await writer.save(session(1, 1), WHOLE);

    const early = new IdbSessionRepository({ name, throttleMs: 0 });
    await expect(early.save(session(2, 1), WHOLE)).rejects.toThrow(/before load/);

    const order: string[] = [];
    const late = new IdbSessionRepository({ name, throttleMs: 0 });
    const loading = late.load().then((r) => order.push(`loaded ${r.summaries.length}`));
    const saving = late.save(session(3, 1), WHOLE).then(() => order.push("saved"));
    await Promise.all([loading, saving]);
    expect(order).toEqual(["loaded 1", "saved"]);
  });

  it("removes every record of a deleted session", async () => {
    const name = freshName();
    const { repository } = await openTab(name);
    await repository.save(session(1, CHUNK_SIZE * 2 + 1), WHOLE);
    await repository.save(session(2, 1), WHOLE);
    await repository.remove(session(1).id);
    const keys = [...(await rawRecords(name)).keys()];
    expect(keys.some((k) => k.includes(session(1).id))).toBe(false);
    expect(keys.filter((k) => k.includes(session(2).id))).toHaveLength(3);
  });

  it("shrinking a session deletes the chunks past its end", async () => {
    const name = freshName();
    const { repository } = await openTab(name);
    const long = session(1, CHUNK_SIZE * 3);
    await repository.save(long, WHOLE);
    await repository.save(
      { ...long, messages: long.messages.slice(0, 2), revision: 99 },
      { kind: "rewrite", from: 2, base: long.revision },
    );
    const chunks = [...(await rawRecords(name)).keys()].filter((k) => k.startsWith("m:"));
    expect(chunks).toEqual([`m:${long.id}:000000`]);
    const reread = await (await openTab(name)).repository.open(long.id);
    expect(reread?.messages).toHaveLength(2);
  });

  it("saving the same session object again writes nothing", async () => {
    const tab = await openTab(freshName());
    const s = session(1, 5);
    await tab.repository.save(s, WHOLE);
    await tab.repository.save(s, WHOLE);
    expect(tab.writes.map((w) => w.records)).toEqual([3, 0]);
  });

  it("publishes each committed change to this tab's listeners", async () => {
    const { repository } = await openTab(freshName());
    const seen: unknown[] = [];
    repository.subscribe((c) => seen.push(c));
    await repository.save(session(1, 1), WHOLE);
    await repository.remove(session(1).id);
    expect(seen).toEqual([
      { type: "saved", id: session(1).id, revision: 1, remote: false },
      { type: "removed", id: session(1).id, remote: false },
    ]);
  });

  it("Undo after a delete writes the whole session back", async () => {
    const name = freshName();
    const { repository } = await openTab(name);
    const s = session(1, CHUNK_SIZE + 3);
    await repository.save(s, WHOLE);
    await repository.remove(s.id);
    await repository.save(s, WHOLE);
    expect(await (await openTab(name)).repository.open(s.id)).toEqual(s);
  });
});

describe("saveMany (imports)", () => {
  it("writes every session of an import, or none when one cannot be written", async () => {
    const name = freshName();
    const { repository } = await openTab(name);
    await repository.save(session(1, 3), WHOLE);
    const imported = [session(2, 20), session(3, 2)];
    expect(await repository.saveMany(imported)).toEqual({ ok: true });
    const reread = (await openTab(name)).repository;
    expect(await reread.open(session(2).id)).toEqual(session(2, 20));

    const before = await rawRecords(name);
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, value, key) {
      if (String(key).startsWith(`h:${session(5).id}`))
        throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      return put.call(this, value, key);
    };
    try {
      const outcome = await repository.saveMany([session(4, 3), session(5, 3)]);
      expect(outcome).toEqual({ ok: false, fault: expect.objectContaining({ kind: "quota" }) });
    } finally {
      IDBObjectStore.prototype.put = put;
    }
    expect(await rawRecords(name)).toEqual(before);
  });
});

describe("storage persistence", () => {
  it("asks the browser to keep the data after the first saved conversation, and reports usage", async () => {
    let asked = 0;
    const { repository } = await openTab(freshName(), {
      storage: {
        persist: async () => {
          asked += 1;
          return true;
        },
        persisted: async () => true,
        estimate: async () => ({ usage: 10, quota: 100 }),
      },
    });
    await repository.save(session(1, 0), WHOLE);
    expect(asked).toBe(0);
    await repository.save(session(2, 2), WHOLE);
    await repository.save(session(3, 2), WHOLE);
    expect(asked).toBe(1);
    expect(await repository.storageInfo()).toEqual({
      persistent: true,
      saving: true,
      usage: 10,
      quota: 100,
    });
  });
});

describe("openRecent (a preview of the newest messages)", () => {
  it("reads only the last chunks, with a checkpointed partial answer at the end", async () => {
    const name = freshName();
    const { repository } = await openTab(name);
    const long = session(1, 1000);
    await repository.save(long, WHOLE);
    await repository.checkpoint(long.id, message(1000, { content: "half" }));
    const preview = await (await openTab(name)).repository.openRecent(long.id, 40);
    const ids = preview?.messages.map((m) => m.id) ?? [];
    expect(ids.length).toBeGreaterThanOrEqual(41);
    expect(ids.length).toBeLessThanOrEqual(40 + 2 * CHUNK_SIZE + 1);
    expect(ids.slice(-3)).toEqual(["m998", "m999", "m1000"]);
    expect(preview?.messages.at(-1)?.status).toBe("interrupted");
    expect(preview?.title).toBe(long.title);
    expect(await repository.openRecent(session(2).id, 40)).toBeUndefined();
  });

  it("the whole read that follows shares the preview's newest messages, unless a write came between", async () => {
    const name = freshName();
    const { repository: other } = await openTab(name);
    const long = session(1, 1000);
    await other.save(long, WHOLE);
    const { repository } = await openTab(name, { sliceChunks: 8 });
    const preview = await repository.openRecent(long.id, 40);
    const whole = await repository.open(long.id);
    expect(whole).toEqual(long);
    expect(whole?.messages.at(-1)).toBe(preview?.messages.at(-1));
    expect(whole?.messages.at(-41)).toBe(preview?.messages.at(-41));

    const again = await repository.openRecent(long.id, 40);
    const renamed = { ...long, title: "Renamed elsewhere", revision: long.revision + 1 };
    await other.save(renamed, headChange(long));
    const fresh = await repository.open(long.id);
    expect(fresh?.title).toBe("Renamed elsewhere");
    expect(fresh?.messages.at(-1)).not.toBe(again?.messages.at(-1));
  });

  it("gives the whole of a short session", async () => {
    const { repository } = await openTab(freshName());
    await repository.save(session(1, 5), WHOLE);
    expect(await repository.openRecent(session(1).id, 40)).toEqual(session(1, 5));
  });
});
