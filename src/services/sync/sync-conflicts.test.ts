import { describe, expect, it, vi } from "vitest";
import type { Session } from "../../core/session.ts";
import { memoryPouch } from "../../sync/replication/memory-pouch.ts";
import type { PouchDatabase } from "../../sync/replication/pouch-types.ts";
import { session } from "../../test/persistence-builders.ts";
import { syncSettings as settings, synced } from "../../test/sync-devices.ts";
import { syncTestbed } from "../../test/sync-testbed.ts";

const PouchDB = memoryPouch();

/** How many pairs of devices were made: a new conversation id for each. */
let counter = 0;
const { device, dispose, database } = syncTestbed(PouchDB, "conflicts");

type Device = Awaited<ReturnType<typeof device>>;

/** The ids of the documents that still have a conflicting leaf. */
async function conflicted(db: PouchDatabase): Promise<string[]> {
  const { rows } = await db.allDocs({ include_docs: true, conflicts: true });
  return rows.flatMap((row) => (row.doc?._conflicts?.length ? [row.id] : []));
}

async function serverConflicts(url: string): Promise<string[]> {
  const body = await (await fetch(`${url}/_all_docs?include_docs=true&conflicts=true`)).json();
  const rows = (body as { rows: { id: string; doc?: { _conflicts?: string[] } }[] }).rows;
  return rows.flatMap((row) => (row.doc?._conflicts?.length ? [row.id] : []));
}

/** Two devices with `shared` synced, then paused: what each writes next conflicts. */
async function apart(shared: Session): Promise<[Device, Device, string]> {
  counter++;
  const url = await database();
  const a = await device([shared]);
  const b = await device([shared]);
  await a.sync.start(settings(url));
  await b.sync.start(settings(url));
  await Promise.all([a.sync.settled(), b.sync.settled()]);
  await Promise.all([synced(a.sync), synced(b.sync)]);
  a.sync.pause();
  b.sync.pause();
  return [a, b, url];
}

async function edit(side: Device, id: string, change: (s: Session) => Session) {
  const current = (await side.repository.read(id)) as Session;
  await side.repository.save(change({ ...current, revision: current.revision + 1 }), {
    kind: "whole",
  });
  await side.sync.settled();
}

/** Both devices idle, so disposing them leaves no request of theirs under way. */
async function quiet(a: Device, b: Device) {
  await Promise.all([a.sync.settled(), b.sync.settled()]);
  await Promise.all([synced(a.sync), synced(b.sync)]);
}

async function meet(a: Device, b: Device) {
  a.sync.resume();
  b.sync.resume();
  await Promise.all([synced(a.sync), synced(b.sync)]);
}

const later = (iso: string, minutes: number) =>
  new Date(Date.parse(iso) + minutes * 60_000).toISOString();

describe("sync conflicts: both devices changed one document while apart", () => {
  it("keeps a rename on one device and state edits on both, on both devices (no silent winner)", async () => {
    const shared = session(1, 2, { state: { kept: true } });
    const [a, b, url] = await apart(shared);
    await edit(a, shared.id, (s) => ({
      ...s,
      title: "Renamed on A",
      state: { ...s.state, a: 1 },
      updatedAt: later(s.updatedAt, 1),
    }));
    await edit(b, shared.id, (s) => ({
      ...s,
      state: { ...s.state, b: 2 },
      updatedAt: later(s.updatedAt, 2),
    }));
    await meet(a, b);
    for (const side of [a, b])
      await vi.waitFor(
        async () => {
          const got = await side.repository.read(shared.id);
          expect(got?.title).toBe("Renamed on A");
          expect(got?.state).toEqual({ kept: true, a: 1, b: 2 });
        },
        { timeout: 10_000 },
      );
    expect((await a.repository.read(shared.id))?.messages).toEqual(shared.messages);
    await vi.waitFor(
      async () => {
        expect(await serverConflicts(url)).toEqual([]);
        for (const side of [a, b])
          expect(await conflicted(new PouchDB(side.localName, { adapter: "memory" }))).toEqual([]);
      },
      { timeout: 10_000 },
    );
    await quiet(a, b);
  });

  it("gives both devices the later of two renames, whichever revision CouchDB picked, and leaves no conflict", async () => {
    for (const [first, second] of [
      ["A", "B"],
      ["B", "A"],
    ] as const) {
      const shared = session(2 + counter, 1);
      const [a, b, url] = await apart(shared);
      const by = { A: a, B: b };
      await edit(by[first], shared.id, (s) => ({
        ...s,
        title: `Earlier on ${first}`,
        updatedAt: later(s.updatedAt, 1),
      }));
      await edit(by[second], shared.id, (s) => ({
        ...s,
        title: `Later on ${second}`,
        updatedAt: later(s.updatedAt, 2),
      }));
      await meet(a, b);
      for (const side of [a, b])
        await vi.waitFor(
          async () =>
            expect((await side.repository.read(shared.id))?.title).toBe(`Later on ${second}`),
          { timeout: 10_000 },
        );
      await vi.waitFor(async () => expect(await serverConflicts(url)).toEqual([]), {
        timeout: 10_000,
      });
      await quiet(a, b);
      dispose();
    }
  });
});
