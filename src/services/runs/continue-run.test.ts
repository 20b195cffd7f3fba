import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import type { Message } from "../../core/message.ts";
import { freshName, openTab, rawRecords } from "../../persistence/idb-test-kit.ts";
import { key } from "../../persistence/layout/records.ts";
import { MemorySessionRepository } from "../../persistence/memory-repository.ts";
import { message, session as numbered } from "../../test/persistence-builders.ts";
import { textAnswer } from "../../test/scripted-model.ts";
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

/** A conversation whose last answer was cut off as `patch` says. */
function cutConversation(n: number, patch: Partial<Message>) {
  const base = numbered(n, 2);
  const cut = message(1, { content: "It was the best of", ...patch });
  return { ...base, messages: [base.messages[0] as Message, cut] };
}

const lengthCut: Partial<Message> = { notes: ["length_limit"] };

async function openedApp(
  repository: MemorySessionRepository,
  turns: Parameters<typeof testApp>[0],
) {
  const app = testApp(turns, { repository });
  await servicesOf(app.store).sessions.init();
  return app;
}

describe("Continue", () => {
  it("with no agent configured fails with no_agent, not a thrown English sentence", async () => {
    const repository = new MemorySessionRepository();
    await repository.load();
    const s = cutConversation(0xc0a007, lengthCut);
    await repository.save(s, { kind: "whole" });
    const app = await openedApp(repository, []);
    await servicesOf(app.store).sessions.open(s.id);
    app.store.setState({ agents: [] });

    const result = await servicesOf(app.store).runs.continueAnswer(s.id);

    expect(result).toEqual({
      ok: false,
      error: { code: "run_failed", failure: { retryable: true, code: "no_agent" } },
    });
    expect(app.store.getState().bodies[s.id]?.messages[1]?.content).toBe("It was the best of");
  });

  it("appends the continuation to the same answer: one message, one version, saved as a replace", async () => {
    const repository = new MemorySessionRepository();
    await repository.load();
    const s = cutConversation(0xc0a001, lengthCut);
    await repository.save(s, { kind: "whole" });
    const app = await openedApp(repository, [textAnswer(" times, it was the worst.")]);
    await servicesOf(app.store).sessions.open(s.id);

    const result = await servicesOf(app.store).runs.continueAnswer(s.id);

    expect(result.ok).toBe(true);
    const after = app.store.getState().bodies[s.id];
    expect(after?.messages).toHaveLength(2);
    expect(after?.leafId).toBeUndefined();
    expect(after?.messages[1]).toMatchObject({
      id: "m1",
      content: "It was the best of times, it was the worst.",
      status: "complete",
    });
    expect(after?.messages[1]?.notes).toBeUndefined();
    expect(app.model.requests[0]?.messages.at(-1)).toEqual({
      role: "assistant",
      content: "It was the best of",
    });
    const saves = repository.writes.filter((w) => w.type === "save").slice(1);
    expect(saves.map((w) => w.change)).toMatchObject([{ kind: "replace", messageIds: ["m1"] }]);
    const stored = await repository.open(s.id);
    expect(stored?.messages[1]?.content).toBe("It was the best of times, it was the worst.");
  });

  it("streams the grown text under the answer's own id", async () => {
    const repository = new MemorySessionRepository();
    await repository.load();
    const s = cutConversation(0xc0a002, lengthCut);
    await repository.save(s, { kind: "whole" });
    const answer = heldAnswer(" times,", " it was");
    const app = await openedApp(repository, [answer.turn]);
    await servicesOf(app.store).sessions.open(s.id);

    const running = servicesOf(app.store).runs.continueAnswer(s.id);
    await until(
      () => app.store.getState().runs[s.id]?.streaming?.text === "It was the best of times,",
      "the grown text to stream",
    );
    expect(app.store.getState().runs[s.id]?.streaming?.messageId).toBe("m1");
    answer.release();
    await running;
    const last = app.store.getState().bodies[s.id]?.messages.at(-1);
    expect(last?.content).toBe("It was the best of times, it was");
    expect(last?.status).toBe("complete");
  });

  it("keeps what arrived when stopped, and can go on again", async () => {
    const repository = new MemorySessionRepository();
    await repository.load();
    const s = cutConversation(0xc0a003, { status: "interrupted", error: { code: "aborted" } });
    await repository.save(s, { kind: "whole" });
    const answer = heldAnswer(" times,", " never");
    const app = await openedApp(repository, [answer.turn, textAnswer(" it was the worst.")]);
    const services = servicesOf(app.store);
    await services.sessions.open(s.id);

    const running = services.runs.continueAnswer(s.id);
    await until(() => Boolean(app.store.getState().runs[s.id]?.streaming), "the continuation");
    services.runs.stop(s.id);
    answer.release();
    await running;
    expect(app.store.getState().bodies[s.id]?.messages.at(-1)).toMatchObject({
      content: "It was the best of times,",
      status: "interrupted",
    });

    await services.runs.continueAnswer(s.id);
    expect(app.store.getState().bodies[s.id]?.messages).toHaveLength(2);
    expect(app.store.getState().bodies[s.id]?.messages.at(-1)).toMatchObject({
      content: "It was the best of times, it was the worst.",
      status: "complete",
    });
  });

  it("refuses an answer that finished, or failed, without asking the model", async () => {
    for (const [n, patch] of [
      [0xc0a004, {}],
      [0xc0a005, { status: "error", error: { code: "http_status", status: 502 } }],
    ] as const) {
      const repository = new MemorySessionRepository();
      await repository.load();
      const s = cutConversation(n, patch);
      await repository.save(s, { kind: "whole" });
      const app = await openedApp(repository, [textAnswer("never")]);
      await servicesOf(app.store).sessions.open(s.id);
      const result = await servicesOf(app.store).runs.continueAnswer(s.id);
      expect(result).toEqual({ ok: false, error: { code: "nothing_to_replace" } });
      expect(app.model.requests).toEqual([]);
    }
  });
});

describe("Continue on IndexedDB", () => {
  it("checkpoints the grown answer while it streams, and a reload then shows it grown", async () => {
    const name = freshName();
    const first = await openTab(name);
    closers.push(() => first.repository.close());
    const s = cutConversation(0xc0a006, lengthCut);
    await first.repository.save(s, { kind: "whole" });
    const answer = heldAnswer(" times,", " it was the worst.");
    const app = testApp([answer.turn], { repository: first.repository });
    await servicesOf(app.store).sessions.init();
    await servicesOf(app.store).sessions.open(s.id);

    const running = servicesOf(app.store).runs.continueAnswer(s.id);
    await until(async () => (await rawRecords(name)).has(key.checkpoint(s.id)), "the checkpoint");
    const reloaded = await openTab(name);
    closers.push(() => reloaded.repository.close());
    const seen = await reloaded.repository.open(s.id);
    expect(seen?.messages).toHaveLength(2);
    expect(seen?.messages[1]).toMatchObject({
      id: "m1",
      content: "It was the best of times,",
      status: "interrupted",
    });

    answer.release();
    await running;
    await until(async () => !(await rawRecords(name)).has(key.checkpoint(s.id)), "its removal");
    const after = await (await openTab(name)).repository.open(s.id);
    expect(after?.messages).toHaveLength(2);
    expect(after?.messages[1]).toMatchObject({
      content: "It was the best of times, it was the worst.",
      status: "complete",
    });
  });
});
