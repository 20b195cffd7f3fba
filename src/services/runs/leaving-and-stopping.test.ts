import { describe, expect, it } from "vitest";
import { MemorySessionRepository } from "../../persistence/memory-repository.ts";
import { buildMessage } from "../../test/builders.ts";
import { type ScriptedTurn, textAnswer, toolCallAnswer } from "../../test/scripted-model.ts";
import { heldAnswer, servicesOf, testApp } from "../../test/test-app.ts";

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

async function ready(turns: ScriptedTurn[] = [], repository = new MemorySessionRepository()) {
  const setup = testApp(turns, { repository });
  await servicesOf(setup.store).sessions.init();
  return setup;
}

describe("Stop and Delete keep what arrived", () => {
  it("Stop after a tool ran ends the chat with an interrupted answer offering Retry", async () => {
    const { store, repository } = await ready([
      toolCallAnswer([{ id: "c1", name: "calculator", arguments: { expression: "2+3" } }]),
      textAnswer("never asked"),
      textAnswer("20"),
    ]);
    const id = await servicesOf(store).sessions.newSession();
    const stop = store.subscribe((s) => {
      if (s.bodies[id]?.messages.at(-1)?.role === "tool") servicesOf(store).runs.stop(id);
    });
    await servicesOf(store).runs.send(id, "What is 2+3, then times 4?");
    stop();

    const last = store.getState().bodies[id]?.messages.at(-1);
    expect(last).toMatchObject({ role: "assistant", content: "", status: "interrupted" });
    expect((await repository.open(id))?.messages.at(-1)?.status).toBe("interrupted");
    expect(store.getState().failures[id]).toBeUndefined();
    expect(store.getState().runs[id]).toBeUndefined();
  });

  it("Delete during an answer, then Undo, brings the partial answer back, marked interrupted", async () => {
    const held = heldAnswer("half of", " the answer");
    const { store, repository } = await ready([held.turn]);
    const id = await servicesOf(store).sessions.newSession();
    const sending = servicesOf(store).runs.send(id, "question");
    await settle();
    expect(store.getState().runs[id]?.streaming?.text).toBe("half of");

    const deleting = servicesOf(store).trash.delete(id);
    held.release();
    await deleting;
    await sending;
    expect(store.getState().summaries[id]).toBeUndefined();
    expect(store.getState().lastDeleted?.messages.at(-1)).toMatchObject({
      content: "half of",
      status: "interrupted",
    });

    await servicesOf(store).trash.undo();
    const reread = await repository.open(id);
    expect(reread?.messages.at(-1)).toMatchObject({
      role: "assistant",
      content: "half of",
      status: "interrupted",
    });
    expect(store.getState().activeId).toBe(id);
  });
});

describe("a conversation left unused goes away", () => {
  it("New chat then another chat removes the unused one, without Undo", async () => {
    const { store, repository } = await ready([textAnswer("hi")]);
    const used = await servicesOf(store).sessions.newSession();
    await servicesOf(store).runs.send(used, "hello");
    for (let i = 0; i < 3; i++) {
      const empty = await servicesOf(store).sessions.newSession();
      expect(store.getState().activeId).toBe(empty);
      await servicesOf(store).sessions.open(used);
      await settle();
      expect(store.getState().summaries[empty]).toBeUndefined();
      expect(await repository.open(empty)).toBeUndefined();
    }
    expect(Object.keys(store.getState().summaries)).toEqual([used]);
    expect(store.getState().lastDeleted).toBeNull();
  });

  it("New chat twice keeps one, and New chat from an unused one leaves nothing behind", async () => {
    const { store } = await ready();
    const first = await servicesOf(store).sessions.newSession();
    expect(await servicesOf(store).sessions.newSession()).toBe(first);
    await servicesOf(store).sessions.open(null);
    await settle();
    expect(store.getState().summaries).toEqual({});
  });

  it("keeps a left conversation that was renamed, pinned or given state", async () => {
    const { store, repository } = await ready();
    const make = async (touch: (id: string) => Promise<void>) => {
      const id = await servicesOf(store).sessions.newSession();
      await touch(id);
      await servicesOf(store).sessions.open(null);
      return id;
    };
    const kept = [
      await make((id) => servicesOf(store).edits.rename(id, "Plans")),
      await make((id) => servicesOf(store).edits.pin(id, true)),
      await make((id) => servicesOf(store).edits.setState(id, { a: 1 })),
    ];
    await settle();
    expect(Object.keys(store.getState().summaries).sort()).toEqual([...kept].sort());
    for (const id of kept) expect(await repository.open(id)).toBeDefined();
  });

  it("keeps one with unsent text in its composer", async () => {
    const drafted = new Set<string>();
    const { store, repository } = testApp([], { hasDraft: (id) => drafted.has(id) });
    await servicesOf(store).sessions.init();
    const id = await servicesOf(store).sessions.newSession();
    drafted.add(id);
    await servicesOf(store).sessions.open(null);
    await settle();
    expect(store.getState().summaries[id]).toBeDefined();
    expect(store.getState().bodies[id]).toBeDefined();
    expect(repository.writes).toEqual([]);
  });

  it("keeps one another tab wrote to before this tab heard of it", async () => {
    const repository = new MemorySessionRepository();
    const { store } = await ready([], repository);
    const id = await servicesOf(store).sessions.newSession();
    const session = store.getState().bodies[id];
    if (!session) throw new Error("the new session is not held");
    await repository.save(
      {
        ...session,
        messages: [buildMessage({ role: "user", content: "from the other tab" })],
        revision: 1,
      },
      { kind: "whole" },
    );
    await servicesOf(store).sessions.open(null);
    await settle();
    expect((await repository.open(id))?.messages).toHaveLength(1);
  });

  it("opens the new conversation at once, before anything is written", async () => {
    const { store, repository } = await ready();
    const id = await servicesOf(store).sessions.newSession();
    expect(store.getState().activeId).toBe(id);
    expect(store.getState().bodies[id]?.messages).toEqual([]);
    expect(repository.writes).toEqual([]);
  });
});
