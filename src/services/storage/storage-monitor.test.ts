import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import { LIMITS } from "../../core/codec/limits.ts";
import { restore } from "../../core/codec/restore.ts";
import { snapshot } from "../../core/codec/snapshot.ts";
import type { Session } from "../../core/session.ts";
import { UNAVAILABLE } from "../../persistence/faults.ts";
import { freshName, openTab } from "../../persistence/idb-test-kit.ts";
import { MemorySessionRepository } from "../../persistence/memory-repository.ts";
import type { RunLocks, SessionRepository } from "../../persistence/repository.ts";
import { TabRunLocks } from "../../persistence/tabs/run-locks.ts";
import { testEnv } from "../../test/builders.ts";
import { FakeLockRegistry } from "../../test/fake-locks.ts";
import { session as numbered, WHOLE } from "../../test/persistence-builders.ts";
import { type ScriptedTurn, textAnswer } from "../../test/scripted-model.ts";
import { heldAnswer, servicesOf, testApp } from "../../test/test-app.ts";

/** Ids far from the ones the test env's counter gives new sessions. */
const session: typeof numbered = (n, ...rest) => numbered(0xabc000 + n, ...rest);

const closers: Array<() => void> = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

function tab(
  repository: SessionRepository,
  turns: ScriptedTurn[] = [],
  extra: { runLocks?: RunLocks; now?: () => number } = {},
) {
  const { store, model } = testApp(turns, {
    repository,
    ...(extra.runLocks ? { runLocks: extra.runLocks } : {}),
    ...(extra.now ? { env: { ...testEnv(), clock: { now: extra.now } } } : {}),
  });
  return { store, model };
}

const until = async (check: () => boolean, what: string) => {
  for (let i = 0; i < 200; i++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
};

describe("storage in the store", () => {
  it("checkpoints the partial answer, which a reload shows as interrupted", async () => {
    const repository = new MemorySessionRepository();
    const answer = heldAnswer("Half an answer", " and the rest");
    const { store } = tab(repository, [answer.turn]);
    await servicesOf(store).sessions.init();
    const id = await servicesOf(store).sessions.newSession();
    const sending = servicesOf(store).runs.send(id, "tell me");
    await until(() => repository.writes.some((w) => w.type === "checkpoint"), "a checkpoint");
    const afterCrash = await repository.open(id);
    expect(afterCrash?.messages.at(-1)).toMatchObject({
      role: "assistant",
      content: "Half an answer",
      status: "interrupted",
    });

    answer.release();
    await sending;
    const finished = await repository.open(id);
    expect(finished?.messages.at(-1)).toMatchObject({
      content: "Half an answer and the rest",
      status: "complete",
    });
    expect(finished?.messages.filter((m) => m.role === "assistant")).toHaveLength(1);
  });

  it("cuts a checkpoint to the codec's content limit, so an over-long partial answer reads back", async () => {
    const repository = new MemorySessionRepository();
    const answer = heldAnswer("x".repeat(LIMITS.content + 10), " end");
    const { store } = tab(repository, [answer.turn]);
    await servicesOf(store).sessions.init();
    const id = await servicesOf(store).sessions.newSession();
    const sending = servicesOf(store).runs.send(id, "tell me");
    await until(() => repository.writes.some((w) => w.type === "checkpoint"), "a checkpoint");
    const afterCrash = await repository.open(id);
    const partial = afterCrash?.messages.at(-1);
    expect(partial?.content).toHaveLength(LIMITS.content);
    expect(restore(snapshot(afterCrash as Session)).ok).toBe(true);
    answer.release();
    await sending;
  });

  it("does not start a run in a session another tab is generating in", async () => {
    const registry = new FakeLockRegistry();
    const channel = `store-runs-${freshName()}`;
    const locksA = new TabRunLocks({
      locks: registry.tab(),
      channel: new BroadcastChannel(channel),
    });
    const locksB = new TabRunLocks({
      locks: registry.tab(),
      channel: new BroadcastChannel(channel),
    });
    closers.push(
      () => locksA.close(),
      () => locksB.close(),
    );
    const repository = new MemorySessionRepository({ sessions: [session(1, 2)] });
    const answer = heldAnswer("Working", " and the rest");
    const a = tab(repository, [answer.turn], { runLocks: locksA });
    const b = tab(repository, [textAnswer("should not run")], { runLocks: locksB });
    await servicesOf(a.store).sessions.init();
    await servicesOf(b.store).sessions.init();
    const id = session(1).id;
    await servicesOf(a.store).sessions.open(id);
    await servicesOf(b.store).sessions.open(id);

    const sending = servicesOf(a.store).runs.send(id, "go");
    await until(() => Boolean(b.store.getState().remoteRuns[id]), "tab B to see the run");
    await servicesOf(b.store).runs.send(id, "me too");
    expect(b.model.requests).toHaveLength(0);
    expect(b.store.getState().failures[id]?.code).toBe("answering_elsewhere");

    answer.release();
    await sending;
    await until(() => !b.store.getState().remoteRuns[id], "the run to end in tab B's eyes");
  });

  it("shows another tab's rename and new conversation within a moment", async () => {
    const name = freshName();
    const channelName = `store-changes-${name}`;
    const first = await openTab(name, { channel: new BroadcastChannel(channelName) });
    await first.repository.save(session(1, 2), WHOLE);
    const second = await openTab(name, { channel: new BroadcastChannel(channelName) });
    closers.push(
      () => first.repository.close(),
      () => second.repository.close(),
    );
    const a = tab(first.repository);
    const b = tab(second.repository);
    await servicesOf(a.store).sessions.init();
    await servicesOf(b.store).sessions.init();
    const id = session(1).id;
    await servicesOf(b.store).sessions.open(id);

    await servicesOf(a.store).edits.rename(id, "Renamed in A");
    const created = await servicesOf(a.store).sessions.newSession();
    await servicesOf(a.store).edits.rename(created, "Fresh in A");
    await until(
      () =>
        b.store.getState().bodies[id]?.title === "Renamed in A" &&
        Boolean(b.store.getState().summaries[created]),
      "tab B to catch up",
    );
    expect(b.store.getState().summaries[id]?.title).toBe("Renamed in A");

    await servicesOf(a.store).trash.delete(created);
    await until(() => !b.store.getState().summaries[created], "the delete to reach tab B");
  });

  it("paints the newest messages of a long conversation first, then takes the whole one", async () => {
    const long = session(1, 500);
    const { store } = tab(new MemorySessionRepository({ sessions: [long] }));
    await servicesOf(store).sessions.init();
    await servicesOf(store).sessions.preview(long.id);
    expect(store.getState().previews[long.id]?.messages.at(-1)?.id).toBe("m499");
    expect(store.getState().previews[long.id]?.messages.length).toBeLessThan(500);
    await servicesOf(store).sessions.open(long.id);
    expect(store.getState().bodies[long.id]?.messages).toHaveLength(500);
    expect(store.getState().previews[long.id]).toBeUndefined();
  });

  it("keeps the fault in force for the UI", () => {
    const { store } = tab(new MemorySessionRepository({ fault: UNAVAILABLE }));
    expect(store.getState().storageFault?.kind).toBe("unavailable");
    servicesOf(store).storage.dismissFault();
    expect(store.getState().storageFault?.kind).toBe("unavailable");
  });

  it("auto-delete removes conversations untouched for N days, never pinned ones", async () => {
    const now = Date.parse("2026-12-31T00:00:00.000Z");
    const old = session(1, 2);
    const pinned = session(2, 2, { metadata: { pinned: true } });
    const recent = session(3, 2, { updatedAt: "2026-12-30T00:00:00.000Z" });
    const repository = new MemorySessionRepository({ sessions: [old, pinned, recent] });
    const { store } = tab(repository, [], { now: () => now });
    await servicesOf(store).sessions.init();
    servicesOf(store).settings.update({ autoDeleteDays: 7 });
    await until(() => !store.getState().summaries[old.id], "the old conversation to go");
    expect(Object.keys(store.getState().summaries).sort()).toEqual([pinned.id, recent.id].sort());
    expect((await repository.load()).summaries.map((s) => s.id).sort()).toEqual(
      [pinned.id, recent.id].sort(),
    );
  });
});
