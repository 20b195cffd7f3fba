import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { FORMAT_VERSION } from "../core/codec/index.ts";
import { appendChange, appended, message, session, WHOLE } from "../test/persistence-builders.ts";
import { freshName, openTab, putRaw, rawRecords } from "./idb-test-kit.ts";
import { key } from "./layout/records.ts";
import type { StorageFault } from "./repository.ts";

/** Stores `count` messages of session 1, then rewrites the record at `which` as a newer Parley would. */
async function withNewerRecord(count: number, which: (id: string) => string) {
  const name = freshName();
  const first = await openTab(name);
  const s = session(1, count);
  await first.repository.save(s, WHOLE);
  first.repository.close();
  const target = which(s.id);
  const raw = (await rawRecords(name)).get(target) as Record<string, unknown>;
  const future =
    target === key.head(s.id)
      ? { ...raw, head: { ...(raw.head as object), format_version: FORMAT_VERSION + 1 } }
      : { ...raw, format_version: FORMAT_VERSION + 1, added_later: true };
  await putRaw(name, target, future);
  const before = await rawRecords(name);
  const tab = await openTab(name);
  const faults: (StorageFault | null)[] = [];
  tab.repository.subscribeFaults((f) => faults.push(f));
  return { name, s, tab, faults, before };
}

describe("records written by a newer Parley", () => {
  it("a newer chunk is neither set aside nor overwritten; saving stops with the outdated fault", async () => {
    const { name, s, tab, faults, before } = await withNewerRecord(20, (id) => key.chunk(id, 0));
    const opened = await tab.repository.open(s.id);
    expect(faults.at(-1)).toEqual({ kind: "outdated", cause: "newer_records" });
    expect(await tab.repository.damaged()).toEqual([]);

    const outcome = await tab.repository.save(
      appended(opened ?? s, message(20)),
      appendChange(opened ?? s, message(20)),
    );
    expect(outcome).toEqual({ ok: false, fault: expect.objectContaining({ kind: "outdated" }) });
    expect(await rawRecords(name)).toEqual(before);
  });

  it("a save that finds a newer record in the merge read is called off, nothing written", async () => {
    const name = freshName();
    const a = await openTab(name);
    const s = session(1, 4);
    await a.repository.save(s, WHOLE);
    const inA = await a.repository.open(s.id);
    const raw = (await rawRecords(name)).get(key.head(s.id)) as { head: object };
    await putRaw(name, key.head(s.id), {
      ...raw,
      head: { ...raw.head, format_version: FORMAT_VERSION + 1, revision: 99 },
    });
    const before = await rawRecords(name);

    const outcome = await a.repository.save(
      appended(inA ?? s, message(4)),
      appendChange(inA ?? s, message(4)),
    );
    expect(outcome).toEqual({ ok: false, fault: expect.objectContaining({ kind: "outdated" }) });
    expect(await rawRecords(name)).toEqual(before);
    expect(a.repository.currentFault()?.kind).toBe("outdated");
  });

  it("a newer checkpoint or head is kept as it is, not reported as damaged", async () => {
    for (const which of [key.checkpoint, key.head]) {
      const name = freshName();
      const first = await openTab(name);
      const s = session(1, 3);
      await first.repository.save(s, WHOLE);
      await first.repository.checkpoint(s.id, message(3, { content: "partial" }));
      first.repository.close();
      const raw = (await rawRecords(name)).get(which(s.id)) as Record<string, unknown>;
      const future =
        which === key.head
          ? { ...raw, head: { ...(raw.head as object), format_version: FORMAT_VERSION + 1 } }
          : { ...raw, format_version: FORMAT_VERSION + 1 };
      await putRaw(name, which(s.id), future);
      const before = await rawRecords(name);
      const { repository } = await openTab(name);
      await repository.read(s.id);
      await repository.open(s.id);
      expect(repository.currentFault()?.kind).toBe("outdated");
      expect(await repository.damaged()).toEqual([]);
      expect(await rawRecords(name)).toEqual(before);
    }
  });

  it("a damaged summary whose session is newer is left alone at load", async () => {
    const { name, s } = await withNewerRecord(3, (id) => key.chunk(id, 0));
    await putRaw(name, key.summary(s.id), { broken: true });
    const before = await rawRecords(name);
    const { repository } = await openTab(name);
    expect(repository.currentFault()?.kind).toBe("outdated");
    expect(await rawRecords(name)).toEqual(before);
  });
});
