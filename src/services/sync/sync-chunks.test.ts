import { describe, expect, it, vi } from "vitest";
import type { Session } from "../../core/session.ts";
import { opaqueId, SYNC_META_ID } from "../../sync/crypto/index.ts";
import { sealDoc } from "../../sync/replication/encrypted-doc.ts";
import { memoryPouch } from "../../sync/replication/memory-pouch.ts";
import type { PouchDatabase } from "../../sync/replication/pouch-types.ts";
import { appendChange, appended, message, session } from "../../test/persistence-builders.ts";
import { joinHolding, lastSeq, syncSettings as settings, synced } from "../../test/sync-devices.ts";
import { postDocs, syncedKeys, syncTestbed } from "../../test/sync-testbed.ts";
import { chunkKey } from "./chunks.ts";
import { messageKey, sessionRecords } from "./sync-records.ts";

const PouchDB = memoryPouch();
const { device, database } = syncTestbed(PouchDB, "chunks");

type Device = Awaited<ReturnType<typeof device>>;

/** The ids of the documents the server changed since `since`, once it changed any. */
async function changedSince(url: string, since: string, side: Device): Promise<string[]> {
  const ids = async () => {
    const body = await (await fetch(`${url}/_changes?since=${since}`)).json();
    return (body as { results: { id: string }[] }).results.map((r) => r.id);
  };
  await vi.waitFor(async () => expect(await ids()).not.toEqual([]), { timeout: 10_000 });
  await synced(side.sync);
  return ids();
}

/** `session` with the content of message `id` replaced, one revision on. */
function withContent(current: Session, id: string, content: string): Session {
  const messages = current.messages.map((m) => (m.id === id ? { ...m, content } : m));
  return { ...current, messages, revision: current.revision + 1 };
}

async function contentOn(side: Device, sessionId: string, messageId: string) {
  const found = await side.repository.read(sessionId);
  return found?.messages.find((m) => m.id === messageId)?.content;
}

async function serverConflicts(url: string): Promise<string[]> {
  const body = await (await fetch(`${url}/_all_docs?include_docs=true&conflicts=true`)).json();
  const rows = (body as { rows: { id: string; doc?: { _conflicts?: string[] } }[] }).rows;
  return rows.flatMap((row) => (row.doc?._conflicts?.length ? [row.id] : []));
}

async function localConflicts(db: PouchDatabase): Promise<string[]> {
  const { rows } = await db.allDocs({ include_docs: true, conflicts: true });
  return rows.flatMap((row) => (row.doc?._conflicts?.length ? [row.id] : []));
}

describe("chunks: the messages held when sync starts, several to a document", () => {
  it("sends them in one chunk; an edit of one rewrites that chunk alone, an append goes alone", async () => {
    const url = await database();
    const shared = session(21, 6);
    const a = await device([shared]);
    await a.sync.start(settings(url));
    await a.sync.settled();
    await synced(a.sync);
    const keys = await syncedKeys(url);
    const chunk = await opaqueId(keys, chunkKey(shared.id, "m0"));
    const { rows } = (await (await fetch(`${url}/_all_docs`)).json()) as { rows: { id: string }[] };
    // The metadata, the head and the chunk of all six messages.
    expect(rows.map((r) => r.id).sort()).toEqual(
      [SYNC_META_ID, await opaqueId(keys, `h:${shared.id}`), chunk].sort(),
    );
    const b = await device();
    await b.sync.start(settings(url));
    await vi.waitFor(
      async () => expect((await b.repository.read(shared.id))?.messages).toEqual(shared.messages),
      { timeout: 10_000 },
    );

    let before = await lastSeq(url);
    const held = (await a.repository.read(shared.id)) as Session;
    await a.repository.save(withContent(held, "m2", "edited on A"), { kind: "whole" });
    await vi.waitFor(async () => expect(await contentOn(b, shared.id, "m2")).toBe("edited on A"), {
      timeout: 10_000,
    });
    expect(await changedSince(url, before, a)).toEqual([chunk]);
    expect((await b.repository.read(shared.id))?.messages.map((m) => m.id)).toEqual(
      shared.messages.map((m) => m.id),
    );

    before = await lastSeq(url);
    const onB = (await b.repository.read(shared.id)) as Session;
    await b.repository.save(appended(onB, message(6)), appendChange(onB, message(6)));
    await vi.waitFor(
      async () => expect((await a.repository.read(shared.id))?.messages).toHaveLength(7),
      { timeout: 10_000 },
    );
    expect(await changedSince(url, before, b)).toEqual([
      await opaqueId(keys, messageKey(shared.id, "m6")),
    ]);
  });

  it("keeps the edits both devices made to one chunk while apart, on both, and leaves no conflict", async () => {
    const url = await database();
    const shared = session(22, 6);
    const a = await device([shared]);
    await a.sync.start(settings(url));
    await a.sync.settled();
    await synced(a.sync);
    const b = await device();
    await b.sync.start(settings(url));
    await vi.waitFor(async () => expect(await b.repository.read(shared.id)).toBeDefined(), {
      timeout: 10_000,
    });
    await Promise.all([synced(a.sync), synced(b.sync)]);
    a.sync.pause();
    b.sync.pause();

    for (const [side, id, text] of [
      [a, "m1", "edited on A"],
      [b, "m4", "edited on B"],
    ] as const) {
      const current = (await side.repository.read(shared.id)) as Session;
      await side.repository.save(withContent(current, id, text), { kind: "whole" });
      await side.sync.settled();
    }
    a.sync.resume();
    b.sync.resume();

    for (const side of [a, b])
      await vi.waitFor(
        async () => {
          expect(await contentOn(side, shared.id, "m1")).toBe("edited on A");
          expect(await contentOn(side, shared.id, "m4")).toBe("edited on B");
        },
        { timeout: 10_000 },
      );
    await vi.waitFor(
      async () => {
        expect(await serverConflicts(url)).toEqual([]);
        for (const side of [a, b])
          expect(await localConflicts(new PouchDB(side.localName, { adapter: "memory" }))).toEqual(
            [],
          );
      },
      { timeout: 10_000 },
    );
    const onA = await a.repository.read(shared.id);
    expect(onA?.messages.map((m) => m.id)).toEqual(shared.messages.map((m) => m.id));
    expect((await b.repository.read(shared.id))?.messages).toEqual(onA?.messages);
    await Promise.all([synced(a.sync), synced(b.sync)]);
  });

  it("reads a conversation of one document per message (layout 2), and writes its records where they are", async () => {
    const url = await database();
    const a = await device();
    await a.sync.start(settings(url));
    await synced(a.sync);
    const keys = await syncedKeys(url);
    const old = session(23, 4);
    const docs = await Promise.all(
      [...sessionRecords(old)].map(([key, json]) => sealDoc(keys, key, json)),
    );
    await postDocs(url, docs);

    const b = await device();
    await joinHolding(b, url, old);
    const before = await lastSeq(url);
    await b.repository.save(withContent(old, "m1", "edited on B"), { kind: "whole" });
    expect(await changedSince(url, before, b)).toEqual([
      await opaqueId(keys, messageKey(old.id, "m1")),
    ]);
    await vi.waitFor(async () => expect(await contentOn(a, old.id, "m1")).toBe("edited on B"), {
      timeout: 10_000,
    });
  });
});
