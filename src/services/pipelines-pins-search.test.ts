import { describe, expect, it } from "vitest";
import { path, versionsOf } from "../core/tree.ts";
import { MemorySessionRepository } from "../persistence/memory-repository.ts";
import { type ScriptedTurn, textAnswer } from "../test/scripted-model.ts";
import { servicesOf, testApp } from "../test/test-app.ts";

const setup = (turns: ScriptedTurn[], repository = new MemorySessionRepository()) =>
  testApp(turns, { repository });

describe("pipelines", () => {
  it("runs each agent of the conversation's pipeline in order, each answer labelled", async () => {
    const { store, model } = setup([textAnswer("你好"), textAnswer("A greeting.")]);
    const requests = model.requests;
    await servicesOf(store).sessions.init();
    const id = await servicesOf(store).sessions.newSession();
    await servicesOf(store).edits.setPipeline(id, ["Translator", "Summarizer"]);
    await servicesOf(store).runs.send(id, "hello");
    const answers = store.getState().bodies[id]?.messages.filter((m) => m.role === "assistant");
    expect(answers?.map((m) => [m.agent, m.content])).toEqual([
      ["Translator", "你好"],
      ["Summarizer", "A greeting."],
    ]);
    expect(requests[1]?.messages.at(-1)).toEqual({ role: "user", content: "你好" });
    expect(requests.map((r) => r.model)).toEqual(["demo", "demo"]);
  });

  it("stops the pipeline when a stage ends without an answer", async () => {
    const { store, model } = setup([
      [{ type: "error", error: { code: "http_status", status: 502, detail: "Upstream is down." } }],
      textAnswer("never"),
    ]);
    await servicesOf(store).sessions.init();
    const id = await servicesOf(store).sessions.newSession();
    await servicesOf(store).edits.setPipeline(id, ["Translator", "Summarizer"]);
    await servicesOf(store).runs.send(id, "hello");
    expect(model.requests).toHaveLength(1);
    expect(store.getState().failures[id]?.detail).toBe("Upstream is down.");
  });
});

describe("pin, search and edit-and-resend", () => {
  it("pins a conversation so it sorts first, and unpins it", async () => {
    const { store, repository } = setup([]);
    await servicesOf(store).sessions.init();
    const id = await servicesOf(store).sessions.newSession();
    await servicesOf(store).edits.pin(id, true);
    expect(store.getState().summaries[id]?.pinned).toBe(true);
    expect((await repository.open(id))?.metadata.pinned).toBe(true);
    await servicesOf(store).edits.pin(id, false);
    expect(store.getState().summaries[id]?.pinned).toBe(false);
  });

  it("finds message text in conversations that are not loaded", async () => {
    const repository = new MemorySessionRepository();
    const first = setup([textAnswer("the answer mentions zebras")], repository);
    await servicesOf(first.store).sessions.init();
    const id = await servicesOf(first.store).sessions.newSession();
    await servicesOf(first.store).runs.send(id, "tell me about animals");
    const { store } = setup([], repository);
    await servicesOf(store).sessions.init();
    const found: Array<[string, string]> = [];
    await servicesOf(store).search.messages(
      "ZEBRA",
      (m) => found.push([m.id, m.snippet]),
      new AbortController().signal,
    );
    expect(found).toEqual([[id, "the answer mentions zebras"]]);
    expect(store.getState().bodies[id]).toBeUndefined();
  });

  it("asks an edited user message as a new version; the old one and its answer stay, unsent", async () => {
    const { store, model } = setup([textAnswer("first answer"), textAnswer("second answer")]);
    await servicesOf(store).sessions.init();
    const id = await servicesOf(store).sessions.newSession();
    await servicesOf(store).runs.send(id, "first question");
    const userId = store.getState().bodies[id]?.messages.find((m) => m.role === "user")?.id ?? "";
    await servicesOf(store).runs.editAndResend(id, userId, "edited question");
    const body = store.getState().bodies[id];
    const shown = body ? path(body).filter((m) => m.role !== "system") : [];
    expect(shown.map((m) => m.content)).toEqual(["edited question", "second answer"]);
    const all = body?.messages.filter((m) => m.role !== "system") ?? [];
    expect(all.map((m) => m.content)).toEqual([
      "first question",
      "first answer",
      "edited question",
      "second answer",
    ]);
    expect(versionsOf(body?.messages ?? [], shown[0]?.id ?? "")).toEqual({
      ids: [userId, shown[0]?.id],
      index: 1,
    });
    const sent = model.requests.at(-1)?.messages.map((m) => m.content) ?? [];
    expect(sent.join("\n")).not.toContain("first question");
  });
});
