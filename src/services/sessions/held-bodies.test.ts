import { describe, expect, it } from "vitest";
import { message, session } from "../../test/persistence-builders.ts";
import { RecordingRepository } from "../../test/recording-repository.ts";
import { type ScriptedTurn, textAnswer } from "../../test/scripted-model.ts";
import { heldAnswer, servicesOf, testApp } from "../../test/test-app.ts";
import { RECENT_BODIES } from "./held-bodies.ts";

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (check()) return;
    await settle();
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function storeOf(
  sessions: ReturnType<typeof session>[],
  turns: ScriptedTurn[] = [textAnswer("ok")],
) {
  const repository = new RecordingRepository({ sessions });
  const { store, model } = testApp(turns, { repository });
  await servicesOf(store).sessions.init();
  return { store, model, repository };
}

const ids = (n: number) => Array.from({ length: n }, (_, i) => session(i + 1).id);
const held = (store: Awaited<ReturnType<typeof storeOf>>["store"]) =>
  Object.keys(store.getState().bodies).sort();

describe("messages held in memory", () => {
  it("keeps the open conversation and the three last used; the others are let go, here and in the repository", async () => {
    const all = ids(6);
    const { store, repository } = await storeOf(all.map((_, i) => session(i + 1, 4)));
    for (const id of all) await servicesOf(store).sessions.open(id);
    expect(RECENT_BODIES).toBe(3);
    expect(held(store)).toEqual(all.slice(2).sort());
    expect(repository.released.sort()).toEqual(all.slice(0, 2).sort());

    await servicesOf(store).sessions.open(all[0] ?? "");
    expect(store.getState().bodies[all[0] ?? ""]?.messages).toHaveLength(4);
    expect(repository.opened.filter((id) => id === all[0])).toHaveLength(2);
  });

  it("a conversation answering in the background keeps its messages until its run ends", async () => {
    const answer = heldAnswer("partial", " done");
    const all = ids(6);
    const { store, repository } = await storeOf(
      all.map((_, i) => session(i + 1, 4)),
      [answer.turn],
    );
    const [first = "", ...others] = all;
    await servicesOf(store).sessions.open(first);
    const sending = servicesOf(store).runs.send(first, "question");
    await until(() => Boolean(store.getState().runs[first]), "the run to start");
    for (const id of others) await servicesOf(store).sessions.open(id);
    expect(store.getState().bodies[first]).toBeDefined();
    expect(repository.released).not.toContain(first);

    answer.release();
    await sending;
    expect(store.getState().bodies[first]).toBeUndefined();
    expect(repository.released).toContain(first);
    const stored = await repository.open(first);
    expect(stored?.messages.at(-1)).toMatchObject({ role: "assistant", content: "partial done" });
  });

  it("a conversation whose save failed keeps its messages until it is saved", async () => {
    const all = ids(6);
    const { store, repository } = await storeOf(all.map((_, i) => session(i + 1, 4)));
    const [first = "", ...others] = all;
    await servicesOf(store).sessions.open(first);
    repository.failSaves = true;
    await servicesOf(store).edits.rename(first, "Only in this tab");
    repository.failSaves = false;
    for (const id of others) await servicesOf(store).sessions.open(id);
    expect(store.getState().bodies[first]?.title).toBe("Only in this tab");
    expect(repository.released).not.toContain(first);

    await servicesOf(store).sessions.open(first);
    await servicesOf(store).edits.rename(first, "Stored at last");
    for (const id of others.slice(1)) await servicesOf(store).sessions.open(id);
    expect(store.getState().bodies[first]).toBeUndefined();
    expect((await repository.open(first))?.title).toBe("Stored at last");
  });

  it("a send while a long conversation shows its preview waits for the whole history", async () => {
    const long = session(1, 200);
    const { store, model, repository } = await storeOf([long]);
    repository.holdOpens();
    const opening = servicesOf(store).sessions.open(long.id);
    await until(() => Boolean(store.getState().previews[long.id]), "the preview");
    expect(store.getState().bodies[long.id]).toBeUndefined();

    const sending = servicesOf(store).runs.send(long.id, "and then?");
    await settle();
    expect(model.requests).toHaveLength(0);
    repository.releaseOpens();
    await Promise.all([sending, opening]);
    expect(model.requests[0]?.messages.filter((m) => m.role !== "system")).toHaveLength(201);
    const stored = await repository.open(long.id);
    expect(stored?.messages.slice(0, 200)).toEqual(long.messages);
    expect(stored?.messages).toHaveLength(202);
  });

  it("everyone asking for a conversation while it is read shares one read", async () => {
    const long = session(1, 200);
    const { store, repository } = await storeOf([long]);
    const [a, b] = await Promise.all([
      servicesOf(store).sessions.load(long.id),
      servicesOf(store).sessions.load(long.id),
    ]);
    expect(a).toBe(b);
    expect(repository.opened).toEqual([long.id]);
  });

  it("search reads every conversation without holding any", async () => {
    const all = ids(5);
    const { store, repository } = await storeOf(
      all.map((_, i) =>
        session(i + 1, 2, {
          messages: [message(0, { content: i === 3 ? "a needle here" : "hay" })],
        }),
      ),
    );
    const found: string[] = [];
    await servicesOf(store).search.messages(
      "needle",
      (m) => found.push(m.id),
      new AbortController().signal,
    );
    expect(found).toEqual([all[3]]);
    expect(repository.reads.sort()).toEqual([...all].sort());
    expect(repository.opened).toEqual([]);
    expect(store.getState().bodies).toEqual({});
  });
});
