import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import type { Session } from "../core/session.ts";
import {
  appendChange,
  appended,
  headChange,
  message,
  session,
  WHOLE,
} from "../test/persistence-builders.ts";
import { freshName, openTab, rawRecords } from "./idb-test-kit.ts";
import type { RepositoryChange } from "./repository.ts";

const channels: BroadcastChannel[] = [];
afterEach(() => {
  for (const c of channels.splice(0)) c.close();
});

function channel(name: string): BroadcastChannel {
  const c = new BroadcastChannel(name);
  channels.push(c);
  return c;
}

function must(s: Session | undefined): Session {
  if (!s) throw new Error("the session should exist");
  return s;
}

/** The session as a fresh tab reads it, as after a reload. */
async function reopened(name: string, id: string): Promise<Session> {
  return must(await (await openTab(name)).repository.open(id));
}

/** Tab A stores session 1 with `count` messages, then tabs A and B both open it. */
async function bothOpen(count: number) {
  const name = freshName();
  const a = await openTab(name);
  await a.repository.save(session(1, count), WHOLE);
  const b = await openTab(name);
  const inA = must(await a.repository.open(session(1).id));
  const inB = must(await b.repository.open(session(1).id));
  return { name, a, b, inA, inB };
}

describe("two tabs on the same data", () => {
  it("tell each other about a new revision", async () => {
    const name = freshName();
    const a = await openTab(name, { channel: channel(name) });
    const b = await openTab(name, { channel: channel(name) });
    const seen = new Promise<RepositoryChange>((resolve) => b.repository.subscribe(resolve));
    await a.repository.save(session(1, 2), WHOLE);
    expect(await seen).toEqual({ type: "saved", id: session(1).id, revision: 2, remote: true });
  });

  it("a rename in one tab and an answer in the other both survive", async () => {
    const { name, a, b, inA, inB } = await bothOpen(4);

    await b.repository.save(
      { ...inB, title: "Renamed in B", revision: inB.revision + 1 },
      headChange(inB),
    );
    await a.repository.save(
      appended(inA, message(4), message(5)),
      appendChange(inA, message(4), message(5)),
    );

    const stored = await reopened(name, session(1).id);
    expect(stored.title).toBe("Renamed in B");
    expect(stored.messages.map((m) => m.id)).toEqual(["m0", "m1", "m2", "m3", "m4", "m5"]);
    expect(stored.revision).toBeGreaterThan(inB.revision + 1);
  });

  it("both tabs sending in the same session keep both messages", async () => {
    const { name, a, b, inA, inB } = await bothOpen(2);
    await a.repository.save(
      appended(inA, message(10, { content: "from A" })),
      appendChange(inA, message(10, { content: "from A" })),
    );
    await b.repository.save(
      appended(inB, message(20, { content: "from B" })),
      appendChange(inB, message(20, { content: "from B" })),
    );
    const stored = await reopened(name, session(1).id);
    expect(stored.messages.map((m) => m.content)).toEqual([
      "message number 0",
      "message number 1",
      "from A",
      "from B",
    ]);
  });

  it("a merge tells this tab's listeners the merged revision, so the store re-reads", async () => {
    const { a, b, inA, inB } = await bothOpen(2);
    await b.repository.save(appended(inB, message(20)), appendChange(inB, message(20)));
    const seen: RepositoryChange[] = [];
    a.repository.subscribe((c) => seen.push(c));
    const ours = appended(inA, message(10));
    await a.repository.save(ours, appendChange(inA, message(10)));
    expect(seen).toEqual([
      { type: "saved", id: ours.id, revision: ours.revision + 1, remote: true },
    ]);
  });

  it("a tab that saves again before taking the merged version still keeps the other tab's change", async () => {
    const { name, a, b, inA, inB } = await bothOpen(2);
    await b.repository.save(
      { ...inB, title: "Renamed in B", revision: inB.revision + 1 },
      headChange(inB),
    );

    const first = appended(inA, message(10));
    await a.repository.save(first, appendChange(inA, message(10)));
    await a.repository.save(appended(first, message(11)), appendChange(first, message(11)));

    const stored = await reopened(name, session(1).id);
    expect(stored.title).toBe("Renamed in B");
    expect(stored.messages.map((m) => m.id)).toEqual(["m0", "m1", "m10", "m11"]);
  });

  it("open() reads after the writes queued for the session", async () => {
    const name = freshName();
    const tab = await openTab(name, { throttleMs: 50 });
    const s = session(1, 2);
    await tab.repository.save(s, WHOLE);
    void tab.repository.save(appended(s, message(2)), appendChange(s, message(2)));
    expect((await tab.repository.open(s.id))?.messages).toHaveLength(3);
  });

  it("a session deleted in another tab is not brought back by a late save", async () => {
    const name = freshName();
    const a = await openTab(name);
    await a.repository.save(session(1, 2), WHOLE);
    const b = await openTab(name);
    const inA = must(await a.repository.open(session(1).id));
    await b.repository.remove(session(1).id);
    const seen: RepositoryChange[] = [];
    a.repository.subscribe((c) => seen.push(c));
    await a.repository.save(appended(inA, message(2)), appendChange(inA, message(2)));
    expect([...(await rawRecords(name)).keys()]).toEqual([]);
    expect(seen).toEqual([{ type: "removed", id: session(1).id, remote: false }]);
  });

  it("edits to different sessions never touch each other's records", async () => {
    const name = freshName();
    const a = await openTab(name);
    const b = await openTab(name);
    await Promise.all([
      a.repository.save(session(1, 3), WHOLE),
      b.repository.save(session(2, 5), WHOLE),
      a.repository.save(session(3, 1), WHOLE),
    ]);
    await b.repository.remove(session(3).id);
    const { summaries } = await (await openTab(name)).repository.load();
    expect(summaries.map((s) => s.id).sort()).toEqual([session(1).id, session(2).id]);
  });
});

describe("checkpoints", () => {
  it("a partial answer survives a crash and shows as interrupted", async () => {
    const name = freshName();
    const tab = await openTab(name);
    const s = session(1, 2);
    await tab.repository.save(s, WHOLE);
    const partial = message(2, { content: "Half an ans", status: "complete" });
    await tab.repository.checkpoint(s.id, partial);
    await tab.repository.checkpoint(s.id, { ...partial, content: "Half an answer" });
    expect(tab.writes.at(-1)?.records).toBe(1);

    const after = await reopened(name, s.id);
    expect(after.messages).toHaveLength(3);
    expect(after.messages[2]).toEqual({
      ...partial,
      content: "Half an answer",
      status: "interrupted",
    });
  });

  it("the finished answer replaces the checkpoint in one write", async () => {
    const name = freshName();
    const tab = await openTab(name);
    const s = session(1, 2);
    await tab.repository.save(s, WHOLE);
    const partial = message(2, { content: "Half" });
    await tab.repository.checkpoint(s.id, partial);
    const final = { ...partial, content: "Whole", status: "complete" as const };
    await tab.repository.save(appended(s, final), appendChange(s, final));
    expect([...(await rawRecords(name)).keys()].some((k) => k.startsWith("c:"))).toBe(false);
    const after = await reopened(name, s.id);
    expect(after.messages.at(-1)).toEqual(final);
  });

  it("a checkpoint that arrives after its answer was committed is dropped", async () => {
    const name = freshName();
    const tab = await openTab(name);
    const partial = message(2, { content: "Half" });
    const final = { ...partial, content: "Whole" };
    await tab.repository.save(appended(session(1, 2), final), appendChange(session(1, 2), final));
    await tab.repository.checkpoint(session(1).id, partial);
    const after = await reopened(name, session(1).id);
    expect(after.messages.at(-1)).toEqual(final);
  });

  it("clearing a checkpoint removes its record", async () => {
    const name = freshName();
    const tab = await openTab(name);
    await tab.repository.save(session(1, 2), WHOLE);
    await tab.repository.checkpoint(session(1).id, message(2));
    await tab.repository.checkpoint(session(1).id, null);
    expect([...(await rawRecords(name)).keys()].some((k) => k.startsWith("c:"))).toBe(false);
  });

  it("an adopted partial answer is stored with the session on its next save", async () => {
    const name = freshName();
    const crashed = await openTab(name);
    await crashed.repository.save(session(1, 2), WHOLE);
    await crashed.repository.checkpoint(session(1).id, message(2, { content: "Half" }));
    const tab = await openTab(name);
    const opened = must(await tab.repository.open(session(1).id));
    await tab.repository.save(
      appended(opened, message(3, { role: "user" })),
      appendChange(opened, message(3, { role: "user" })),
    );
    const after = await reopened(name, session(1).id);
    expect(after.messages.map((m) => [m.id, m.status])).toEqual([
      ["m0", undefined],
      ["m1", "complete"],
      ["m2", "interrupted"],
      ["m3", "complete"],
    ]);
  });
});

describe("checkpoints of removed sessions", () => {
  it("a checkpoint that arrives after its session was deleted leaves no record", async () => {
    const name = freshName();
    const tab = await openTab(name);
    await tab.repository.save(session(1, 2), WHOLE);
    await tab.repository.remove(session(1).id);
    await tab.repository.checkpoint(session(1).id, message(2));
    expect([...(await rawRecords(name)).keys()]).toEqual([]);
  });
});
