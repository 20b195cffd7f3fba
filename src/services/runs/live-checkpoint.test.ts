import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import { freshName, openTab, rawRecords } from "../../persistence/idb-test-kit.ts";
import { key } from "../../persistence/layout/records.ts";
import { TabRunLocks } from "../../persistence/tabs/run-locks.ts";
import { FakeLockRegistry } from "../../test/fake-locks.ts";
import { session as numbered } from "../../test/persistence-builders.ts";
import { heldAnswer, servicesOf, testApp } from "../../test/test-app.ts";

const closers: Array<() => void> = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

const until = async (check: () => boolean | Promise<boolean>, what: string) => {
  for (let i = 0; i < 300; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
};

describe("a rename in one tab while the other tab answers", () => {
  it("keeps one answer: the answering tab never reads its own live checkpoint back", async () => {
    const name = freshName();
    const channel = `live-checkpoint-${name}`;
    const first = await openTab(name, { channel: new BroadcastChannel(channel) });
    const s = numbered(0xdef001, 2);
    await first.repository.save(s, { kind: "whole" });
    const second = await openTab(name, { channel: new BroadcastChannel(channel) });
    // As in the app: tab A knows B's run is live, so it never folds B's checkpoint in.
    const registry = new FakeLockRegistry();
    const locksA = new TabRunLocks({
      locks: registry.tab(),
      channel: new BroadcastChannel(`${channel}-runs`),
    });
    const locksB = new TabRunLocks({
      locks: registry.tab(),
      channel: new BroadcastChannel(`${channel}-runs`),
    });
    closers.push(
      () => first.repository.close(),
      () => second.repository.close(),
      () => locksA.close(),
      () => locksB.close(),
    );
    const answer = heldAnswer("message", " from B");
    const a = testApp([], { repository: first.repository, runLocks: locksA });
    const b = testApp([answer.turn], { repository: second.repository, runLocks: locksB });
    await servicesOf(a.store).sessions.init();
    await servicesOf(b.store).sessions.init();
    await servicesOf(a.store).sessions.open(s.id);
    await servicesOf(b.store).sessions.open(s.id);

    const sending = servicesOf(b.store).runs.send(s.id, "from B");
    await until(async () => (await rawRecords(name)).has(key.checkpoint(s.id)), "B's checkpoint");
    await until(
      () => a.store.getState().bodies[s.id]?.messages.length === 3,
      "A to see B's message",
    );
    await servicesOf(a.store).edits.rename(s.id, "Renamed in A");
    await until(
      () => b.store.getState().bodies[s.id]?.title === "Renamed in A",
      "B to read the rename",
    );
    expect(b.store.getState().bodies[s.id]?.messages).toHaveLength(3);

    answer.release();
    await sending;
    const stored = await (await openTab(name)).repository.open(s.id);
    expect(stored?.title).toBe("Renamed in A");
    expect(stored?.messages.filter((m) => m.role === "assistant").map((m) => m.content)).toEqual([
      "message number 1",
      "message from B",
    ]);
    expect((await rawRecords(name)).has(key.checkpoint(s.id))).toBe(false);
  });

  it("shows the partial answer, interrupted, once the answering tab is gone without committing it", async () => {
    const name = freshName();
    const channel = `live-checkpoint-${name}`;
    const first = await openTab(name, { channel: new BroadcastChannel(channel) });
    const s = numbered(0xdef002, 2);
    await first.repository.save(s, { kind: "whole" });
    const second = await openTab(name, { channel: new BroadcastChannel(channel) });
    const registry = new FakeLockRegistry();
    const lockApiA = registry.tab();
    const locksA = new TabRunLocks({
      locks: lockApiA,
      channel: new BroadcastChannel(`${channel}-runs`),
    });
    const locksB = new TabRunLocks({
      locks: registry.tab(),
      channel: new BroadcastChannel(`${channel}-runs`),
    });
    closers.push(
      () => first.repository.close(),
      () => second.repository.close(),
      () => locksA.close(),
      () => locksB.close(),
    );
    const answer = heldAnswer("Half an answer", " never sent");
    const a = testApp([answer.turn], { repository: first.repository, runLocks: locksA });
    const b = testApp([], { repository: second.repository, runLocks: locksB });
    await servicesOf(a.store).sessions.init();
    await servicesOf(b.store).sessions.init();
    await servicesOf(b.store).sessions.open(s.id);

    void servicesOf(a.store)
      .sessions.open(s.id)
      .then(() => servicesOf(a.store).runs.send(s.id, "go"));
    await until(async () => (await rawRecords(name)).has(key.checkpoint(s.id)), "A's checkpoint");
    await until(() => Boolean(b.store.getState().remoteRuns[s.id]), "B to see A's run");
    await until(
      () => b.store.getState().bodies[s.id]?.messages.length === 3,
      "B to read A's message",
    );
    expect(b.store.getState().bodies[s.id]?.messages.at(-1)?.role).toBe("user");

    first.repository.close();
    lockApiA.crash();
    locksA.close();
    await until(() => !b.store.getState().remoteRuns[s.id], "the run to end in B's eyes");
    await until(
      () => b.store.getState().bodies[s.id]?.messages.length === 4,
      "B to show the partial",
    );
    expect(b.store.getState().bodies[s.id]?.messages.at(-1)).toMatchObject({
      content: "Half an answer",
      status: "interrupted",
    });
  });
});
