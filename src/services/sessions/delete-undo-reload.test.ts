import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import { freshName, openTab } from "../../persistence/idb-test-kit.ts";
import { MemorySessionRepository } from "../../persistence/memory-repository.ts";
import type { Timers } from "../../persistence/writer/write-queue.ts";
import { textAnswer } from "../../test/scripted-model.ts";
import { heldAnswer, servicesOf, testApp } from "../../test/test-app.ts";

/**
 * The write queue's timers of a page that can be "reloaded": until `freeze()` a throttled write
 * waits one task; after it, nothing waiting ever runs, as when the page is gone before its
 * throttled writes and no flush at unload got them out.
 */
function pageTimers(): Timers & { freeze(): void } {
  let frozen = false;
  const waiting = new Set<ReturnType<typeof setTimeout>>();
  return {
    now: () => Date.now(),
    setTimeout(fn) {
      const handle = setTimeout(() => {
        waiting.delete(handle);
        if (!frozen) fn();
      }, 0);
      waiting.add(handle);
      return handle;
    },
    clearTimeout(handle) {
      clearTimeout(handle as ReturnType<typeof setTimeout>);
      waiting.delete(handle as ReturnType<typeof setTimeout>);
    },
    freeze() {
      frozen = true;
      for (const handle of waiting) clearTimeout(handle);
      waiting.clear();
    },
  };
}

const closers: Array<() => void> = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

const until = async (check: () => boolean, what: string) => {
  for (let i = 0; i < 1000; i++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`timed out waiting for ${what}`);
};

type Point = "as Delete is pressed" | "after Delete" | "right after Undo" | "after Undo";

/** Delete mid-answer, then Undo; the page is gone at `point`. Returns the session's id. */
async function deleteUndoUntil(name: string, point: Point): Promise<string> {
  const timers = pageTimers();
  // A throttle far longer than the test: a write that waits for it only runs before `freeze`.
  const page = await openTab(name, { throttleMs: 60_000, timers });
  closers.push(() => page.repository.close());
  const answer = heldAnswer("Half an answer", " and the rest");
  const { store } = testApp([answer.turn], { repository: page.repository });
  await servicesOf(store).sessions.init();
  const id = await servicesOf(store).sessions.newSession();
  void servicesOf(store).runs.send(id, "tell me");
  await until(() => store.getState().runs[id]?.streaming?.text === "Half an answer", "the text");
  await until(() => page.writes.some((w) => w.id === id && w.records === 1), "a checkpoint");

  const deleting = servicesOf(store).trash.delete(id);
  answer.release();
  if (point === "as Delete is pressed") return freeze(timers, id);
  await deleting;
  expect(store.getState().summaries[id]).toBeUndefined();
  if (point === "after Delete") return freeze(timers, id);
  const undoing = servicesOf(store).trash.undo();
  if (point === "right after Undo") return freeze(timers, id);
  await undoing;
  expect(store.getState().summaries[id]).toBeDefined();
  return freeze(timers, id);
}

function freeze(timers: { freeze(): void }, id: string): string {
  timers.freeze();
  return id;
}

describe("Delete during an answer, then Undo, then a reload", () => {
  const points: Point[] = [
    "as Delete is pressed",
    "after Delete",
    "right after Undo",
    "after Undo",
  ];
  it.each(points)(
    "keeps the conversation with its partial answer when the page is reloaded %s",
    async (point) => {
      const name = freshName();
      const id = await deleteUndoUntil(name, point);

      const reloaded = await openTab(name);
      closers.push(() => reloaded.repository.close());
      const { summaries } = await reloaded.repository.load();
      expect(summaries.map((s) => s.id)).toContain(id);
      const session = await reloaded.repository.open(id);
      const talk = session?.messages.filter((m) => m.role !== "system");
      expect(talk?.map((m) => [m.role, m.content, m.status])).toEqual([
        ["user", "tell me", undefined],
        ["assistant", "Half an answer", "interrupted"],
      ]);
    },
  );
});

describe("a deletion waits for its Undo to end", () => {
  async function twoChats() {
    const repository = new MemorySessionRepository();
    const { store } = testApp([textAnswer("one"), textAnswer("two")], { repository });
    await servicesOf(store).sessions.init();
    const first = await servicesOf(store).sessions.newSession();
    await servicesOf(store).runs.send(first, "first");
    const second = await servicesOf(store).sessions.newSession();
    await servicesOf(store).runs.send(second, "second");
    return { store, repository, first, second };
  }

  it("is written when Undo is dismissed", async () => {
    const { store, repository, first } = await twoChats();
    await servicesOf(store).trash.delete(first);
    expect(await repository.readSummary(first)).toBeDefined();
    servicesOf(store).trash.dismiss();
    await until(() => repository.writes.some((w) => w.type === "remove"), "the removal");
    expect(await repository.readSummary(first)).toBeUndefined();
  });

  it("is written when another conversation is deleted, which then waits in turn", async () => {
    const { store, repository, first, second } = await twoChats();
    await servicesOf(store).trash.delete(first);
    await servicesOf(store).trash.delete(second);
    expect(await repository.readSummary(first)).toBeUndefined();
    expect(await repository.readSummary(second)).toBeDefined();
    expect(store.getState().lastDeleted?.id).toBe(second);
  });

  it("is told to other tabs at once, and so is Undo", async () => {
    const name = freshName();
    const channel = `delete-undo-${name}`;
    const a = await openTab(name, { channel: new BroadcastChannel(channel) });
    const b = await openTab(name, { channel: new BroadcastChannel(channel) });
    closers.push(
      () => a.repository.close(),
      () => b.repository.close(),
    );
    const inA = testApp([textAnswer("kept")], { repository: a.repository }).store;
    const inB = testApp([], { repository: b.repository }).store;
    await servicesOf(inA).sessions.init();
    const id = await servicesOf(inA).sessions.newSession();
    await servicesOf(inA).runs.send(id, "shared");
    await servicesOf(inB).sessions.init();
    await until(() => Boolean(inB.getState().summaries[id]), "tab B to list it");
    await servicesOf(inB).sessions.open(id);

    await servicesOf(inA).trash.delete(id);
    await until(() => !inB.getState().summaries[id], "tab B to drop it");
    expect(inB.getState().bodies[id]).toBeUndefined();

    await servicesOf(inA).trash.undo();
    await until(() => Boolean(inB.getState().summaries[id]), "tab B to list it again");
    expect(inB.getState().summaries[id]?.title).toBe("shared");
  });
});
