import { describe, expect, it } from "vitest";
import { MemorySessionRepository } from "../persistence/memory-repository.ts";
import { session as numbered } from "../test/persistence-builders.ts";
import { textAnswer } from "../test/scripted-model.ts";
import { testStore } from "../test/test-store.ts";
import { exportableIds } from "./unused-session.ts";

/** Ids far from the ones the test env's counter gives new sessions. */
const session: typeof numbered = (n, ...rest) => numbered(0xabc000 + n, ...rest);

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const storedIds = async (repository: MemorySessionRepository) =>
  (await repository.load()).summaries.map((s) => s.id).sort();

describe("New chat leaves no empty conversation behind", () => {
  it("after a sent message, New chat writes nothing, so a reload lists no empty conversation", async () => {
    const repository = new MemorySessionRepository();
    const { store } = testStore([textAnswer("hi")], { repository });
    await store.getState().init();
    const used = await store.getState().newSession();
    await store.getState().send(used, "hello");
    const fresh = await store.getState().newSession();
    expect(store.getState().activeId).toBe(fresh);
    expect(store.getState().summaries[fresh]).toBeDefined();
    await settle();

    expect(await storedIds(repository)).toEqual([used]);
    const reloaded = testStore([], { repository }).store;
    await reloaded.getState().init();
    await reloaded.getState().openSession(fresh);
    expect(Object.keys(reloaded.getState().summaries)).toEqual([used]);
    expect(reloaded.getState().activeId).toBeNull();
  });

  it("writes the new conversation with its first message", async () => {
    const repository = new MemorySessionRepository();
    const { store } = testStore([textAnswer("hi")], { repository });
    await store.getState().init();
    const id = await store.getState().newSession();
    await store.getState().send(id, "hello");
    expect(await storedIds(repository)).toEqual([id]);
  });

  it("brings a new chat with unsent text back after a reload, still unwritten", async () => {
    const repository = new MemorySessionRepository();
    const drafted = new Set<string>();
    const hasDraft = (id: string) => drafted.has(id);
    const { store } = testStore([], { repository, hasDraft });
    await store.getState().init();
    const id = await store.getState().newSession();
    drafted.add(id);

    const reloaded = testStore([], { repository, hasDraft }).store;
    await reloaded.getState().init();
    await reloaded.getState().openSession(id);
    expect(reloaded.getState().activeId).toBe(id);
    expect(reloaded.getState().bodies[id]?.messages).toEqual([]);
    expect(await storedIds(repository)).toEqual([]);
  });

  it("keeps an unwritten new chat with unsent text in memory while other chats are opened", async () => {
    const others = [session(1, 2), session(2, 2), session(3, 2), session(4, 2), session(5, 2)];
    const repository = new MemorySessionRepository({ sessions: others });
    const { store } = testStore([], { repository, hasDraft: () => true });
    await store.getState().init();
    const id = await store.getState().newSession();
    for (const other of others) await store.getState().openSession(other.id);
    await store.getState().openSession(id);
    expect(store.getState().bodies[id]?.messages).toEqual([]);
  });

  it("removes after load the unused conversations an earlier Parley stored at New chat", async () => {
    const empty = { title: "", messages: [], revision: 0 };
    const leftover = session(1, 0, empty);
    const withState = session(2, 0, { ...empty, state: { plan: "kept" } });
    const pinned = session(3, 0, { ...empty, metadata: { pinned: true } });
    const named = session(4, 0, { revision: 0 });
    const repository = new MemorySessionRepository({
      sessions: [leftover, withState, pinned, named],
    });
    const { store } = testStore([], { repository });
    await store.getState().init();
    await settle();
    await settle();

    const kept = [withState.id, pinned.id, named.id].sort();
    expect(Object.keys(store.getState().summaries).sort()).toEqual(kept);
    expect(await storedIds(repository)).toEqual(kept);
  });

  it("writes nothing for a Delete and Undo of a new chat nobody used", async () => {
    const repository = new MemorySessionRepository();
    const { store } = testStore([], { repository });
    await store.getState().init();
    const id = await store.getState().newSession();
    await store.getState().deleteSession(id);
    await store.getState().undoDelete();
    expect(store.getState().activeId).toBe(id);
    expect(store.getState().bodies[id]?.messages).toEqual([]);
    await settle();
    expect(repository.writes.filter((w) => w.type === "save")).toEqual([]);
  });

  it("never exports a conversation nobody used", async () => {
    const repository = new MemorySessionRepository({ sessions: [session(1, 2)] });
    const { store } = testStore([], { repository });
    await store.getState().init();
    const fresh = await store.getState().newSession();
    expect(store.getState().summaries[fresh]).toBeDefined();
    expect(exportableIds(store.getState())).toEqual([session(1).id]);
    await store.getState().renameSession(fresh, "Plans");
    expect(exportableIds(store.getState()).sort()).toEqual([session(1).id, fresh].sort());
  });
});
