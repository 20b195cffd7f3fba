import { describe, expect, it, vi } from "vitest";
import * as codec from "../../core/codec/index.ts";
import type { Session } from "../../core/session.ts";
import { memoryPouch } from "../../sync/replication/memory-pouch.ts";
import { appendChange, appended, message, session } from "../../test/persistence-builders.ts";
import { lastSeq, syncSettings as settings, synced } from "../../test/sync-devices.ts";
import { syncTestbed } from "../../test/sync-testbed.ts";
import { mergeChangedNothing } from "./merge-check.ts";
import { RecordHomes } from "./record-homes.ts";
import { messageKey, sessionRecords } from "./sync-records.ts";
import type { SyncService } from "./sync-service.ts";

// Counts every message the sync code serialises (the codec's own calls inside it are not counted).
vi.mock("../../core/codec/index.ts", async (original) => {
  const actual = await original<typeof codec>();
  return { ...actual, snapshotMessage: vi.fn(actual.snapshotMessage) };
});
const serialised = vi.mocked(codec.snapshotMessage);

const PouchDB = memoryPouch();
const LONG = 300;
const { device, database } = syncTestbed(PouchDB, "send");

async function changesSince(url: string, since: string): Promise<number> {
  const body = await (await fetch(`${url}/_changes?since=${since}`)).json();
  return (body as { results: unknown[] }).results.length;
}

/** The server's change sequence once it holds `docs` documents (Synced can come a moment early). */
async function seqOnceHolding(url: string, docs: number): Promise<string> {
  await vi.waitFor(
    async () =>
      expect(((await (await fetch(url)).json()) as { doc_count: number }).doc_count).toBe(docs),
    { timeout: 10_000 },
  );
  return lastSeq(url);
}

/** How many documents the server gained since `since`, once it gained any and the push is idle. */
async function gainedSince(url: string, since: string, sync: SyncService) {
  await vi.waitFor(async () => expect(await changesSince(url, since)).toBeGreaterThan(0), {
    timeout: 10_000,
  });
  await synced(sync);
  return changesSince(url, since);
}

describe("sending a commit the repository described", () => {
  /** A device syncing a conversation of LONG messages, the server holding all of it. */
  async function syncedLong(n: number) {
    const url = await database();
    const long = session(n, LONG);
    const a = await device([long]);
    await a.sync.start(settings(url));
    await a.sync.settled();
    await synced(a.sync);
    // The metadata, the head and the chunks its messages were packed into.
    const records = sessionRecords(long);
    const keys = [...records.keys()].filter((key) => key.startsWith("m:"));
    const { chunks, alone } = new RecordHomes().pack(long.id, keys, (k) => records.get(k) ?? "");
    expect(alone).toEqual([]);
    const before = await seqOnceHolding(url, 1 + 1 + chunks.size);
    serialised.mockClear();
    const held = (await a.repository.read(long.id)) as Session;
    return { url, a, held, before };
  }

  it("serialises only the appended message of a long conversation, and sends it alone", async () => {
    const { url, a, held, before } = await syncedLong(1);
    await a.repository.save(appended(held, message(LONG)), appendChange(held, message(LONG)));
    await a.sync.settled();
    // Before: every message of the session was serialised to find the one that changed.
    expect(serialised.mock.calls.length).toBe(1);
    expect(await gainedSince(url, before, a.sync)).toBe(1);
  });

  it("still compares every record when the repository does not say what changed", async () => {
    const { url, a, held, before } = await syncedLong(2);
    await a.repository.save(appended(held, message(LONG)), { kind: "whole" });
    await a.sync.settled();
    expect(serialised.mock.calls.length).toBe(LONG + 1);
    expect(await gainedSince(url, before, a.sync)).toBe(1);
  });

  it("sends the append to the other device, which takes it without a needless write", async () => {
    const url = await database();
    const shared = session(3, 4);
    const a = await device([shared]);
    const b = await device();
    await a.sync.start(settings(url));
    await b.sync.start(settings(url));
    await vi.waitFor(async () => expect(await b.repository.read(shared.id)).toBeDefined(), {
      timeout: 10_000,
    });
    const held = (await a.repository.read(shared.id)) as Session;
    await a.repository.save(appended(held, message(4)), appendChange(held, message(4)));
    await vi.waitFor(
      async () => expect((await b.repository.read(shared.id))?.messages).toHaveLength(5),
      { timeout: 10_000 },
    );
    expect((await b.repository.read(shared.id))?.messages).toEqual([
      ...shared.messages,
      message(4),
    ]);
  });
});

describe("a merge that changed nothing", () => {
  const local = session(4, 6);
  const held = sessionRecords(local);

  it("is told apart by the head, the list and the arrived messages alone", () => {
    const copy = { ...local, messages: local.messages.map((m) => ({ ...m })) };
    serialised.mockClear();
    expect(mergeChangedNothing(copy, local, held, new Set())).toBe(true);
    expect(serialised.mock.calls.length).toBe(0);
    expect(mergeChangedNothing({ ...copy, title: "Renamed" }, local, held, new Set())).toBe(false);
    expect(mergeChangedNothing(appended(copy, message(6)), local, held, new Set())).toBe(false);
  });

  it("compares an arrived message's JSON, and only an arrived one's", () => {
    const edited = local.messages.map((m, i) => (i === 5 ? { ...m, content: "edited" } : m));
    const merged = { ...local, messages: edited };
    expect(mergeChangedNothing(merged, local, held, new Set([messageKey(local.id, "m5")]))).toBe(
      false,
    );
    // A record that did not arrive holds what this device sent: the local message, unread.
    expect(mergeChangedNothing(merged, local, held, new Set([messageKey(local.id, "m0")]))).toBe(
      true,
    );
  });
});
