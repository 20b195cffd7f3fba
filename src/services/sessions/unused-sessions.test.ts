import { describe, expect, it } from "vitest";
import { MemorySessionRepository } from "../../persistence/memory-repository.ts";
import { exportableIds } from "../../store/selectors.ts";
import { session as numbered } from "../../test/persistence-builders.ts";
import { textAnswer } from "../../test/scripted-model.ts";
import { servicesOf, testApp } from "../../test/test-app.ts";

/** Ids far from the ones the test env's counter gives new sessions. */
const session: typeof numbered = (n, ...rest) => numbered(0xabc000 + n, ...rest);

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const storedIds = async (repository: MemorySessionRepository) =>
  (await repository.load()).summaries.map((s) => s.id).sort();

describe("New chat leaves no empty conversation behind", () => {
  it("after a sent message, New chat writes nothing, so a reload lists no empty conversation", async () => {
    const repository = new MemorySessionRepository();
    const { store } = testApp([textAnswer("hi")], { repository });
    await servicesOf(store).sessions.init();
    const used = await servicesOf(store).sessions.newSession();
    await servicesOf(store).runs.send(used, "hello");
    const fresh = await servicesOf(store).sessions.newSession();
    expect(store.getState().activeId).toBe(fresh);
    expect(store.getState().summaries[fresh]).toBeDefined();
    await settle();

    expect(await storedIds(repository)).toEqual([used]);
    const reloaded = testApp([], { repository }).store;
    await servicesOf(reloaded).sessions.init();
    await servicesOf(reloaded).sessions.open(fresh);
    expect(Object.keys(reloaded.getState().summaries)).toEqual([used]);
    expect(reloaded.getState().activeId).toBeNull();
  });

  it("writes the new conversation with its first message", async () => {
    const repository = new MemorySessionRepository();
    const { store } = testApp([textAnswer("hi")], { repository });
    await servicesOf(store).sessions.init();
    const id = await servicesOf(store).sessions.newSession();
    await servicesOf(store).runs.send(id, "hello");
    expect(await storedIds(repository)).toEqual([id]);
  });

  it("brings a new chat with unsent text back after a reload, still unwritten", async () => {
    const repository = new MemorySessionRepository();
    const drafted = new Set<string>();
    const hasDraft = (id: string) => drafted.has(id);
    const { store } = testApp([], { repository, hasDraft });
    await servicesOf(store).sessions.init();
    const id = await servicesOf(store).sessions.newSession();
    drafted.add(id);

    const reloaded = testApp([], { repository, hasDraft }).store;
    await servicesOf(reloaded).sessions.init();
    await servicesOf(reloaded).sessions.open(id);
    expect(reloaded.getState().activeId).toBe(id);
    expect(reloaded.getState().bodies[id]?.messages).toEqual([]);
    expect(await storedIds(repository)).toEqual([]);
  });

  it("keeps an unwritten new chat with unsent text in memory while other chats are opened", async () => {
    const others = [session(1, 2), session(2, 2), session(3, 2), session(4, 2), session(5, 2)];
    const repository = new MemorySessionRepository({ sessions: others });
    const { store } = testApp([], { repository, hasDraft: () => true });
    await servicesOf(store).sessions.init();
    const id = await servicesOf(store).sessions.newSession();
    for (const other of others) await servicesOf(store).sessions.open(other.id);
    await servicesOf(store).sessions.open(id);
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
    const { store } = testApp([], { repository });
    await servicesOf(store).sessions.init();
    await settle();
    await settle();

    const kept = [withState.id, pinned.id, named.id].sort();
    expect(Object.keys(store.getState().summaries).sort()).toEqual(kept);
    expect(await storedIds(repository)).toEqual(kept);
  });

  it("writes nothing for a Delete and Undo of a new chat nobody used", async () => {
    const repository = new MemorySessionRepository();
    const { store } = testApp([], { repository });
    await servicesOf(store).sessions.init();
    const id = await servicesOf(store).sessions.newSession();
    await servicesOf(store).trash.delete(id);
    await servicesOf(store).trash.undo();
    expect(store.getState().activeId).toBe(id);
    expect(store.getState().bodies[id]?.messages).toEqual([]);
    await settle();
    expect(repository.writes.filter((w) => w.type === "save")).toEqual([]);
  });

  it("never exports a conversation nobody used", async () => {
    const repository = new MemorySessionRepository({ sessions: [session(1, 2)] });
    const { store } = testApp([], { repository });
    await servicesOf(store).sessions.init();
    const fresh = await servicesOf(store).sessions.newSession();
    expect(store.getState().summaries[fresh]).toBeDefined();
    expect(exportableIds(store.getState())).toEqual([session(1).id]);
    await servicesOf(store).edits.rename(fresh, "Plans");
    expect(exportableIds(store.getState()).sort()).toEqual([session(1).id, fresh].sort());
  });
});
