import { describe, expect, it } from "vitest";
import { path, versionsOf } from "../../core/tree.ts";
import { textAnswer, toolCallAnswer } from "../../test/scripted-model.ts";
import { heldAnswer, servicesOf, testApp } from "../../test/test-app.ts";

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const shown = (messages: readonly { role: string; content: string }[]) =>
  messages.filter((m) => m.role !== "system").map((m) => m.content);

/** A conversation asked "question", answered "old answer", regenerated as "new answer". */
async function twoVersions() {
  const app = testApp([textAnswer("old answer"), textAnswer("new answer"), textAnswer("third")]);
  const services = servicesOf(app.store);
  await services.sessions.init();
  const id = await services.sessions.newSession();
  await services.runs.send(id, "question");
  await services.runs.retry(id);
  const body = () => {
    const session = app.store.getState().bodies[id];
    if (!session) throw new Error("the conversation is loaded");
    return session;
  };
  return { ...app, services, id, body };
}

describe("versions of a message", () => {
  it("switches to the old answer and back; the switch is stored, nothing else changes", async () => {
    const { services, repository, id, body } = await twoVersions();
    const [old, fresh] = body().messages.filter((m) => m.role === "assistant");
    const all = body().messages;
    expect(await services.branches.showVersion(id, old?.id ?? "")).toBe(true);
    expect(shown(path(body()))).toEqual(["question", "old answer"]);
    expect(body().messages).toBe(all);
    const stored = await repository.open(id);
    expect(stored && shown(path(stored))).toEqual(["question", "old answer"]);
    await services.branches.showVersion(id, fresh?.id ?? "");
    expect(shown(path(body()))).toEqual(["question", "new answer"]);
  });

  it("answers on the branch that is shown: a later message follows the old answer", async () => {
    const { services, model, id, body } = await twoVersions();
    const [old] = body().messages.filter((m) => m.role === "assistant");
    await services.branches.showVersion(id, old?.id ?? "");
    await services.runs.send(id, "and then?");
    expect(shown(path(body()))).toEqual(["question", "old answer", "and then?", "third"]);
    const sent = model.requests.at(-1)?.messages.map((m) => m.content) ?? [];
    expect(sent).not.toContain("new answer");
    expect(versionsOf(body().messages, old?.id ?? "").ids).toHaveLength(2);
  });

  it("a turn's tool call and result stay on its branch: an edit sends none of them, and showing the old version brings them back", async () => {
    const app = testApp([
      toolCallAnswer([{ id: "c1", name: "calculator", arguments: { expression: "2+3" } }]),
      textAnswer("It is 5."),
      textAnswer("Hello."),
    ]);
    const services = servicesOf(app.store);
    await services.sessions.init();
    const id = await services.sessions.newSession();
    await services.runs.send(id, "What is 2+3?");
    const body = () => app.store.getState().bodies[id]?.messages ?? [];
    const roles = (messages: readonly { role: string }[]) =>
      messages.filter((m) => m.role !== "system").map((m) => m.role);
    const session = () => ({ messages: body(), leafId: app.store.getState().bodies[id]?.leafId });
    expect(roles(path(session()))).toEqual(["user", "assistant", "tool", "assistant"]);
    const question = body().find((m) => m.role === "user")?.id ?? "";

    await services.runs.editAndResend(id, question, "Say hello");
    expect(roles(path(session()))).toEqual(["user", "assistant"]);
    const sent = app.model.requests.at(-1)?.messages ?? [];
    expect(sent.map((m) => m.role)).toEqual(["system", "user"]);

    await services.branches.showVersion(id, question);
    expect(shown(path(session()))).toEqual(["What is 2+3?", "", "5", "It is 5."]);
    expect(path(session()).find((m) => m.role === "assistant")?.toolCalls?.[0]?.id).toBe("c1");
  });

  it("leaves the shown branch alone while an answer is being written", async () => {
    const held = heldAnswer("part", " rest");
    const app = testApp([textAnswer("one"), textAnswer("two"), held.turn]);
    const services = servicesOf(app.store);
    await services.sessions.init();
    const id = await services.sessions.newSession();
    await services.runs.send(id, "q");
    await services.runs.retry(id);
    const first = app.store.getState().bodies[id]?.messages.find((m) => m.content === "one");
    const running = services.runs.send(id, "more");
    await settle();
    expect(await services.branches.showVersion(id, first?.id ?? "")).toBe(false);
    held.release();
    await running;
    const body = app.store.getState().bodies[id];
    expect(body && shown(path(body))).toEqual(["q", "two", "more", "part rest"]);
  });
});

describe("Fork", () => {
  it("starts a new conversation with the visible path up to the message; the original stays", async () => {
    const { services, store, repository, id, body } = await twoVersions();
    const before = body();
    const question = before.messages.find((m) => m.role === "user");
    const forked = await services.branches.fork(id, question?.id ?? "");
    expect(forked).not.toBeNull();
    expect(forked).not.toBe(id);
    const copy = await repository.open(forked ?? "");
    expect(copy && shown(copy.messages)).toEqual(["question"]);
    expect(copy?.messages.every((m) => m.parentId === undefined)).toBe(true);
    expect(copy?.title).toBe(before.title);
    expect(store.getState().bodies[id]).toBe(before);
    expect(await services.branches.fork(id, "no-such-message")).toBeNull();
  });
});

describe("search on every branch", () => {
  it("finds text on a branch that is not shown, and opening the hit shows that branch", async () => {
    const { services, id, body } = await twoVersions();
    const found: Array<{ id: string; messageId: string }> = [];
    await services.search.messages(
      "old answer",
      (m) => found.push(m),
      new AbortController().signal,
    );
    const old = body().messages.find((m) => m.content === "old answer");
    expect(found).toEqual([{ id, messageId: old?.id, snippet: "old answer", shown: false }]);
    await services.branches.showMessage(id, old?.id ?? "");
    expect(shown(path(body()))).toEqual(["question", "old answer"]);
  });

  it("prefers a match on the branch shown, so opening it does not switch away from that branch", async () => {
    const { services, id, body } = await twoVersions();
    const found: Array<{ id: string; messageId: string; shown: boolean }> = [];
    await services.search.messages("answer", (m) => found.push(m), new AbortController().signal);
    const fresh = body().messages.find((m) => m.content === "new answer");
    expect(found).toMatchObject([{ id, messageId: fresh?.id, shown: true }]);
  });
});
