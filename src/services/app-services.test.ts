import { describe, expect, it } from "vitest";
import type { ModelEvent } from "../core/model.ts";
import { path, versionsOf } from "../core/tree.ts";
import { MemorySessionRepository } from "../persistence/memory-repository.ts";
import { type ScriptedTurn, textAnswer } from "../test/scripted-model.ts";
import { heldAnswer, servicesOf, testApp } from "../test/test-app.ts";

const setup = (turns: ScriptedTurn[], repository = new MemorySessionRepository()) =>
  testApp(turns, { repository });

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("app store", () => {
  it("persists the user's message before the model is called", async () => {
    const repository = new MemorySessionRepository();
    let storedAtRequest: string[] = [];
    const { store } = setup(
      [
        async function* (): AsyncIterable<ModelEvent> {
          const id = store.getState().activeId ?? "";
          const stored = await repository.open(id);
          storedAtRequest = stored?.messages.map((m) => `${m.role}:${m.content}`) ?? [];
          yield* textAnswer("hello");
        },
      ],
      repository,
    );
    await servicesOf(store).sessions.init();
    const id = await servicesOf(store).sessions.newSession();
    await servicesOf(store).runs.send(id, "hi there");
    expect(storedAtRequest).toContain("user:hi there");
    const reopened = await repository.open(id);
    expect(reopened?.messages.map((m) => m.role)).toEqual(["system", "user", "assistant"]);
    expect(reopened?.title).toBe("hi there");
  });

  it("keeps a run going when another conversation is opened or created, and runs two at once", async () => {
    const a = heldAnswer("first", " done");
    const b = heldAnswer("second", " done");
    const { store } = setup([a.turn, b.turn]);
    await servicesOf(store).sessions.init();
    const first = await servicesOf(store).sessions.newSession();
    const sendingFirst = servicesOf(store).runs.send(first, "one");
    await settle();
    const second = await servicesOf(store).sessions.newSession();
    await servicesOf(store).sessions.open(second);
    const sendingSecond = servicesOf(store).runs.send(second, "two");
    await settle();
    expect(Object.keys(store.getState().runs).sort()).toEqual([first, second].sort());
    a.release();
    b.release();
    await Promise.all([sendingFirst, sendingSecond]);
    const answers = (id: string) =>
      store
        .getState()
        .bodies[id]?.messages.filter((m) => m.role === "assistant")
        .map((m) => m.content);
    expect(answers(first)).toEqual(["first done"]);
    expect(answers(second)).toEqual(["second done"]);
    expect(store.getState().runs).toEqual({});
  });

  it("Stop keeps the partial answer, marked interrupted, and Retry answers again beside it", async () => {
    const held = heldAnswer("partial", " done");
    const { store, repository } = setup([held.turn, textAnswer("full answer")]);
    await servicesOf(store).sessions.init();
    const id = await servicesOf(store).sessions.newSession();
    const sending = servicesOf(store).runs.send(id, "question");
    await settle();
    expect(store.getState().runs[id]?.streaming?.text).toBe("partial");
    servicesOf(store).runs.stop(id);
    held.release();
    await sending;
    const last = store.getState().bodies[id]?.messages.at(-1);
    expect(last).toMatchObject({ role: "assistant", content: "partial", status: "interrupted" });
    expect(store.getState().failures[id]).toBeUndefined();
    expect((await repository.open(id))?.messages.at(-1)?.status).toBe("interrupted");

    await servicesOf(store).runs.retry(id);
    const body = store.getState().bodies[id];
    const shown = body ? path(body) : [];
    expect(shown.map((m) => m.role)).toEqual(["system", "user", "assistant"]);
    expect(shown.at(-1)).toMatchObject({ content: "full answer", status: "complete" });
    expect(body?.messages.map((m) => m.status ?? m.role)).toEqual([
      "system",
      "user",
      "interrupted",
      "complete",
    ]);
  });

  it("shows a model error as a failure with Retry and keeps the user's message", async () => {
    const { store } = setup([
      [
        {
          type: "error",
          error: { code: "http_status", status: 502, detail: "The upstream failed; try again." },
        },
      ],
    ]);
    await servicesOf(store).sessions.init();
    const id = await servicesOf(store).sessions.newSession();
    await servicesOf(store).runs.send(id, "hello");
    expect(store.getState().failures[id]).toMatchObject({
      detail: "The upstream failed; try again.",
      retryable: true,
    });
    expect(
      store.getState().bodies[id]?.messages.some((m) => m.role === "user" && m.content === "hello"),
    ).toBe(true);
  });

  it("Retry of a failed answer answers again beside it; the failed one stays as a version", async () => {
    const failure: ScriptedTurn = [
      { type: "error", error: { code: "http_status", status: 502, detail: "upstream down" } },
    ];
    const { store, repository } = setup([failure, textAnswer("second try")]);
    await servicesOf(store).sessions.init();
    const id = await servicesOf(store).sessions.newSession();
    await servicesOf(store).runs.send(id, "hello");
    const failed = store.getState().bodies[id]?.messages.at(-1);
    expect(failed).toMatchObject({ role: "assistant", status: "error" });

    await servicesOf(store).runs.retry(id);
    const body = store.getState().bodies[id];
    expect(body && path(body).at(-1)).toMatchObject({ content: "second try", status: "complete" });
    const answers = body?.messages.filter((m) => m.role === "assistant") ?? [];
    expect(answers.map((m) => m.status)).toEqual(["error", "complete"]);
    const stored = await repository.open(id);
    expect(stored && versionsOf(stored.messages, answers[1]?.id ?? "").ids).toEqual(
      answers.map((m) => m.id),
    );
  });

  it("deletes a conversation and brings it back with Undo", async () => {
    const { store, repository } = setup([textAnswer("answer")]);
    await servicesOf(store).sessions.init();
    const id = await servicesOf(store).sessions.newSession();
    await servicesOf(store).runs.send(id, "keep me");
    await servicesOf(store).trash.delete(id);
    expect(store.getState().summaries[id]).toBeUndefined();
    expect(store.getState().lastDeleted?.id).toBe(id);
    await servicesOf(store).trash.undo();
    expect(store.getState().summaries[id]?.title).toBe("keep me");
    expect((await repository.open(id))?.messages).toHaveLength(3);
  });

  it("renames and edits the state as committed changes", async () => {
    const { store } = setup([]);
    await servicesOf(store).sessions.init();
    const id = await servicesOf(store).sessions.newSession();
    const before = store.getState().bodies[id]?.revision ?? 0;
    await servicesOf(store).edits.rename(id, "  Trip plans  ");
    await servicesOf(store).edits.setState(id, { city: "Lisbon" });
    const session = store.getState().bodies[id];
    expect(session?.title).toBe("Trip plans");
    expect(session?.state).toEqual({ city: "Lisbon" });
    expect(session?.revision).toBe(before + 2);
  });

  it("reports a store that could not be loaded instead of showing an empty app", async () => {
    class BrokenRepository extends MemorySessionRepository {
      override async load(): Promise<never> {
        throw new Error("the database is corrupt");
      }
    }
    const { store } = testApp([], { repository: new BrokenRepository() });
    await servicesOf(store).sessions.init();
    expect(store.getState().ready).toBe(true);
    expect(store.getState().loadFailure).toBe("the database is corrupt");
  });
});
