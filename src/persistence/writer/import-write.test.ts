import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import {
  appendChange,
  appended,
  message,
  session,
  WHOLE,
} from "../../test/persistence-builders.ts";
import { freshName, openTab, rawRecords } from "../idb-test-kit.ts";
import { announce } from "./import-write.ts";

const imported = Array.from({ length: 12 }, (_, i) => session(i + 10, 40));
const fingerprints = new Map(imported.map((s, i) => [s.id, `fp${i}`]));

describe("saveMany in slices (a large import)", () => {
  it("writes every session in one transaction while reporting progress between slices", async () => {
    const name = freshName();
    const { repository } = await openTab(name, { sliceMs: 0 });
    const progress: number[] = [];
    const outcome = await repository.saveMany(imported, {
      onProgress: (written, total) => {
        expect(total).toBe(imported.length);
        progress.push(written);
      },
    });
    expect(outcome).toEqual({ ok: true });
    expect(progress).toEqual(Array.from({ length: imported.length }, (_, i) => i + 1));
    const reread = (await openTab(name)).repository;
    for (const s of imported) expect(await reread.open(s.id)).toEqual(s);
  });

  it("writes sessions that are decoded one by one while the transaction is open", async () => {
    const name = freshName();
    const { repository } = await openTab(name, { sliceMs: 0 });
    const source = {
      length: imported.length,
      *[Symbol.iterator]() {
        for (const s of imported) yield JSON.parse(JSON.stringify(s)) as typeof s;
      },
    };
    expect(await repository.saveMany(source)).toEqual({ ok: true });
    const reread = (await openTab(name)).repository;
    expect((await reread.load()).summaries).toHaveLength(imported.length);
    expect(await reread.open(imported[5]?.id ?? "")).toEqual(imported[5]);
  });

  it("leaves every record as it was when a put fails in a later slice", async () => {
    const name = freshName();
    const { repository } = await openTab(name, { sliceMs: 0 });
    await repository.save(session(1, 3), WHOLE);
    const before = await rawRecords(name);
    const last = imported.at(-1)?.id ?? "";
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, value, key) {
      if (String(key) === `h:${last}`)
        throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      return put.call(this, value, key);
    };
    const progress: number[] = [];
    try {
      const outcome = await repository.saveMany(imported, {
        onProgress: (written) => progress.push(written),
      });
      expect(outcome).toEqual({ ok: false, fault: expect.objectContaining({ kind: "quota" }) });
    } finally {
      IDBObjectStore.prototype.put = put;
    }
    expect(progress.length).toBeGreaterThan(5);
    expect(await rawRecords(name)).toEqual(before);
  });

  it("keeps the import's fingerprints until a session is written again", async () => {
    const name = freshName();
    const { repository } = await openTab(name, { sliceMs: 0 });
    await repository.saveMany(imported.slice(0, 2), { fingerprints });
    const [first, second] = imported as [(typeof imported)[0], (typeof imported)[0]];
    expect(await repository.contentFingerprints([first.id, second.id, "ffffffffffff"])).toEqual(
      new Map([
        [first.id, "fp0"],
        [second.id, "fp1"],
      ]),
    );
    const reread = (await openTab(name)).repository;
    expect((await reread.load()).summaries.map((s) => s.id).sort()).toEqual(
      [first.id, second.id].sort(),
    );
    await reread.open(second.id);
    await reread.save(appended(second, message(99)), appendChange(second, message(99)));
    expect(await reread.contentFingerprints([first.id, second.id])).toEqual(
      new Map([[first.id, "fp0"]]),
    );
  });

  it("announces every imported session, a few hundred per task", async () => {
    const written = Array.from({ length: 600 }, (_, i) => ({ id: `${i}`, revision: i }));
    const heard: string[] = [];
    const done = announce(written, (w) => heard.push(w.id), 250);
    expect(heard).toHaveLength(250);
    await done;
    expect(heard).toEqual(written.map((w) => w.id));
  });

  it("tells this tab of each imported session once the import is stored", async () => {
    const { repository } = await openTab(freshName(), { sliceMs: 0 });
    const changes: unknown[] = [];
    repository.subscribe((change) => changes.push(change));
    await repository.saveMany(imported.slice(0, 3));
    expect(changes).toEqual(
      imported
        .slice(0, 3)
        .map((s) => ({ type: "saved", id: s.id, revision: s.revision, remote: false })),
    );
  });
});
