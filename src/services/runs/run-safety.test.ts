import { describe, expect, it } from "vitest";
import { restore, snapshot } from "../../core/codec/index.ts";
import type { JsonObject } from "../../core/json.ts";
import type { ModelEvent } from "../../core/model.ts";
import { path, versionsOf } from "../../core/tree.ts";
import { UnsavableChangeError } from "../../core/unsavable.ts";
import type { RunLocks } from "../../persistence/repository.ts";
import { type ScriptedTurn, textAnswer, toolCallAnswer } from "../../test/scripted-model.ts";
import { heldAnswer, servicesOf, testApp } from "../../test/test-app.ts";

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const upstreamDown: ModelEvent[] = [
  { type: "error", error: { code: "http_status", status: 502, detail: "The upstream is down." } },
];

/** Another tab holds every conversation's run. */
const busyElsewhere: RunLocks = {
  claim: async () => undefined,
  subscribe: () => () => {},
  close() {},
};

/** A new conversation whose scripted model answers "the first answer", then plays `turns`. */
async function answered(turns: ScriptedTurn[]) {
  const setup = testApp([textAnswer("the first answer"), ...turns]);
  await servicesOf(setup.store).sessions.init();
  const id = await servicesOf(setup.store).sessions.newSession();
  return { ...setup, id };
}

const contents = (messages: { role: string; content: string }[] | undefined) =>
  messages?.filter((m) => m.role !== "system").map((m) => `${m.role}:${m.content}`);

describe("regenerate and edit lose nothing when the new answer fails", () => {
  it("Regenerate that fails before any text puts the old answer back and shows the error", async () => {
    const { store, repository, id } = await answered([upstreamDown]);
    await servicesOf(store).runs.send(id, "question");
    const before = store.getState().bodies[id]?.messages;

    await servicesOf(store).runs.retry(id);

    expect(store.getState().bodies[id]?.messages).toEqual(before);
    expect((await repository.open(id))?.messages).toEqual(before);
    expect(store.getState().failures[id]).toMatchObject({ detail: "The upstream is down." });
    expect(store.getState().runs[id]).toBeUndefined();
  });

  it("Edit and send again that fails puts the original message and its answer back", async () => {
    const { store, repository, id } = await answered([upstreamDown]);
    await servicesOf(store).runs.send(id, "original question");
    const before = store.getState().bodies[id]?.messages ?? [];
    const userId = before.find((m) => m.role === "user")?.id ?? "";

    const result = await servicesOf(store).runs.editAndResend(id, userId, "edited question");

    expect(result).toEqual({
      ok: false,
      error: {
        code: "run_failed",
        failure: expect.objectContaining({
          detail: "The upstream is down.",
          code: "http_status",
          status: 502,
        }),
      },
    });
    expect(contents(store.getState().bodies[id]?.messages)).toEqual([
      "user:original question",
      "assistant:the first answer",
    ]);
    expect((await repository.open(id))?.messages).toEqual(before);
    expect(store.getState().failures[id]?.detail).toBe("The upstream is down.");
  });

  it("Stop before the new answer's first word puts the old answer back", async () => {
    let stopped = () => {};
    const waiting = new Promise<void>((resolve) => {
      stopped = resolve;
    });
    const silent: ScriptedTurn = async function* () {
      await waiting;
      yield* textAnswer("too late");
    };
    const { store, id } = await answered([silent]);
    await servicesOf(store).runs.send(id, "question");
    const before = store.getState().bodies[id]?.messages;
    const retrying = servicesOf(store).runs.retry(id);
    await settle();
    servicesOf(store).runs.stop(id);
    stopped();
    await retrying;
    expect(store.getState().bodies[id]?.messages).toEqual(before);
  });

  it("a failed Regenerate undoes what its tools stored, but not a state the user saved meanwhile", async () => {
    let proceed = () => {};
    const paused = new Promise<void>((resolve) => {
      proceed = resolve;
    });
    const slowFailure: ScriptedTurn = async function* () {
      await paused;
      yield* upstreamDown;
    };
    const toolThenFail: ScriptedTurn[] = [
      toolCallAnswer([{ id: "c1", name: "state_set", arguments: { key: "k", value: 2 } }]),
      upstreamDown,
    ];
    const { store, id } = await answered([...toolThenFail, slowFailure]);
    await servicesOf(store).runs.send(id, "question");
    await servicesOf(store).edits.setState(id, { k: 1 });
    const before = store.getState().bodies[id]?.messages;

    await servicesOf(store).runs.retry(id);
    expect(store.getState().bodies[id]?.messages).toEqual(before);
    expect(store.getState().bodies[id]?.state).toEqual({ k: 1 });

    const retrying = servicesOf(store).runs.retry(id);
    await settle();
    await servicesOf(store).edits.setState(id, { k: "saved by the user" });
    proceed();
    await retrying;
    expect(store.getState().bodies[id]?.messages).toEqual(before);
    expect(store.getState().bodies[id]?.state).toEqual({ k: "saved by the user" });
  });

  it("keeps the new answer once text arrived, even if it then fails, beside the old one", async () => {
    const cut: ModelEvent[] = [
      { type: "text", delta: "a new start" },
      { type: "error", error: { code: "connection_lost", detail: "The connection dropped." } },
    ];
    const { store, id } = await answered([cut]);
    await servicesOf(store).runs.send(id, "question");
    await servicesOf(store).runs.retry(id);
    const body = store.getState().bodies[id];
    expect(contents(body ? [...path(body)] : undefined)).toEqual([
      "user:question",
      "assistant:a new start",
    ]);
    expect(contents(body?.messages)).toEqual([
      "user:question",
      "assistant:the first answer",
      "assistant:a new start",
    ]);
  });

  it("answers again as a new version and keeps the old answer when the run succeeds", async () => {
    const { store, repository, id } = await answered([textAnswer("a better answer")]);
    await servicesOf(store).runs.send(id, "question");
    await servicesOf(store).runs.retry(id);
    const body = store.getState().bodies[id];
    expect(contents(body ? [...path(body)] : undefined)).toEqual([
      "user:question",
      "assistant:a better answer",
    ]);
    const [first, second] = body?.messages.filter((m) => m.role === "assistant") ?? [];
    expect(versionsOf(body?.messages ?? [], second?.id ?? "").ids).toEqual([first?.id, second?.id]);
    expect((await repository.open(id))?.messages).toEqual(body?.messages);
  });

  it("cuts nothing while the conversation is answering in another tab", async () => {
    const { store, repository, id } = await answered([]);
    await servicesOf(store).runs.send(id, "question");
    const before = store.getState().bodies[id]?.messages ?? [];
    const userId = before.find((m) => m.role === "user")?.id ?? "";
    const { store: other } = testApp([textAnswer("never")], {
      repository,
      runLocks: busyElsewhere,
    });
    await servicesOf(other).sessions.init();
    await servicesOf(other).sessions.open(id);

    await servicesOf(other).runs.retry(id);
    const edit = await servicesOf(other).runs.editAndResend(id, userId, "edited");

    expect(edit.ok).toBe(false);
    expect(other.getState().bodies[id]?.messages).toEqual(before);
    expect((await repository.open(id))?.messages).toEqual(before);
    expect(other.getState().failures[id]).toEqual({ retryable: true, code: "answering_elsewhere" });
  });
});

describe("send says whether the user's message was saved", () => {
  it("saved: the message is in the conversation even when the model then fails", async () => {
    const { store } = testApp([upstreamDown]);
    await servicesOf(store).sessions.init();
    const id = await servicesOf(store).sessions.newSession();
    expect(await servicesOf(store).runs.send(id, "hello")).toEqual({ ok: true, value: undefined });
  });

  it("not saved when another tab is answering: the reason comes back, nothing is added", async () => {
    const { store, model } = testApp([textAnswer("never")], { runLocks: busyElsewhere });
    await servicesOf(store).sessions.init();
    const id = await servicesOf(store).sessions.newSession();
    const result = await servicesOf(store).runs.send(id, "hello");
    expect(result).toEqual({
      ok: false,
      error: {
        code: "run_failed",
        failure: expect.objectContaining({ code: "answering_elsewhere" }),
      },
    });
    expect(store.getState().bodies[id]?.messages).toEqual([]);
    expect(model.requests).toHaveLength(0);
  });

  it("not saved when no agent is configured: a failure that says what to do, not a thrown error", async () => {
    const { store } = testApp([]);
    await servicesOf(store).sessions.init();
    const id = await servicesOf(store).sessions.newSession();
    store.setState({ agents: [] });
    const result = await servicesOf(store).runs.send(id, "hello");
    expect(result).toEqual({
      ok: false,
      error: {
        code: "run_failed",
        failure: { retryable: true, code: "no_agent" },
      },
    });
    expect(store.getState().failures[id]).toEqual({ retryable: true, code: "no_agent" });
    expect(store.getState().runs[id]).toBeUndefined();
  });

  it("not saved when the message is longer than storage reads back", async () => {
    const { store, repository, model } = testApp([textAnswer("never")]);
    await servicesOf(store).sessions.init();
    const id = await servicesOf(store).sessions.newSession();
    const result = await servicesOf(store).runs.send(id, "x".repeat(1_000_001));
    expect(result).toEqual({
      ok: false,
      error: { code: "message_too_long", length: 1_000_001, max: 1_000_000 },
    });
    expect(model.requests).toHaveLength(0);
    expect(store.getState().bodies[id]?.messages.some((m) => m.role === "user")).toBe(false);
    expect((await repository.open(id))?.messages.some((m) => m.role === "user") ?? false).toBe(
      false,
    );
  });
});

describe("the store never saves what it could not read back", () => {
  const deep = (levels: number): JsonObject => {
    let value: JsonObject = { leaf: true };
    for (let i = 1; i < levels; i++) value = { a: value };
    return value;
  };

  it("refuses state nested deeper than the codec reads, naming the path, and keeps the old state", async () => {
    const { store, repository } = testApp([]);
    await servicesOf(store).sessions.init();
    const id = await servicesOf(store).sessions.newSession();
    await servicesOf(store).edits.setState(id, { kept: 1 });
    const refused = await servicesOf(store)
      .edits.setState(id, deep(70))
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    // The same error as the store's own check before a write: one class for one failure.
    expect(refused).toBeInstanceOf(UnsavableChangeError);
    expect((refused as UnsavableChangeError).problem.path).toMatch(/^\$\.state(\.a){64}$/);
    expect(store.getState().bodies[id]?.state).toEqual({ kept: 1 });
    expect((await repository.open(id))?.state).toEqual({ kept: 1 });
  });

  it("commitSession refuses a head or a message the codec would refuse, whoever built it", async () => {
    const { store, repository } = testApp([]);
    await servicesOf(store).sessions.init();
    const id = await servicesOf(store).sessions.newSession();
    const session = store.getState().bodies[id];
    if (!session) throw new Error("no session");
    const badState = { ...session, state: deep(70), revision: session.revision + 1 };
    await expect(
      servicesOf(store).sessions.commit(badState, { kind: "head" }),
    ).rejects.toBeInstanceOf(UnsavableChangeError);
    const badTitle = { ...session, title: "t".repeat(201), revision: session.revision + 1 };
    await expect(servicesOf(store).sessions.commit(badTitle, { kind: "head" })).rejects.toThrow(
      /\$\.title/,
    );
    const badMessage = {
      ...session,
      revision: session.revision + 1,
      messages: [
        {
          id: "m1",
          role: "assistant" as const,
          content: "hi",
          createdAt: session.createdAt,
          timing: { totalMs: -5 },
        },
      ],
    };
    await expect(servicesOf(store).sessions.commit(badMessage, { kind: "whole" })).rejects.toThrow(
      /\$\.messages\[0\]\.timing\.total_ms/,
    );
    expect(store.getState().bodies[id]).toBe(session);
    expect(await repository.open(id)).toBeUndefined();
  });

  it("a model storing a too-deep value gets a tool error, and the conversation still reads back", async () => {
    let value: unknown = 1;
    for (let i = 0; i < 64; i++) value = [value];
    const { store, repository } = testApp([
      toolCallAnswer([{ id: "c1", name: "state_set", arguments: { key: "k", value } }]),
      textAnswer("I could not store that."),
    ]);
    await servicesOf(store).sessions.init();
    const id = await servicesOf(store).sessions.newSession();
    await servicesOf(store).runs.send(id, "remember this");
    const tool = store.getState().bodies[id]?.messages.find((m) => m.role === "tool");
    expect(tool?.isError).toBe(true);
    expect(tool?.content).toMatch(/nested more than 64 levels deep/);
    const stored = await repository.open(id);
    expect(stored?.state).toEqual({});
    expect(stored && restore(snapshot(stored)).ok).toBe(true);
  });

  it("keeps a held answer's run going while the state is edited", async () => {
    const held = heldAnswer("part", " two");
    const { store } = testApp([held.turn]);
    await servicesOf(store).sessions.init();
    const id = await servicesOf(store).sessions.newSession();
    const sending = servicesOf(store).runs.send(id, "hi");
    await settle();
    await servicesOf(store).edits.setState(id, { note: "edited meanwhile" });
    held.release();
    await sending;
    expect(store.getState().bodies[id]?.state).toEqual({ note: "edited meanwhile" });
  });
});

describe("a Regenerate read back while it streams", () => {
  it("shows the partial answer as the version on the visible path", async () => {
    const held = heldAnswer("a new", " answer");
    const { store, repository, id } = await answered([held.turn]);
    await servicesOf(store).runs.send(id, "question");
    const regenerating = servicesOf(store).runs.retry(id);
    await settle();
    servicesOf(store).runs.flushCheckpoints();
    const back = await repository.open(id);
    expect(back && contents([...path(back)])).toEqual(["user:question", "assistant:a new"]);
    expect(back && contents(back.messages)).toEqual([
      "user:question",
      "assistant:the first answer",
      "assistant:a new",
    ]);
    held.release();
    await regenerating;
  });
});
