import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import { freshName, openTab } from "../../persistence/idb-test-kit.ts";
import { servicesOf, testApp } from "../../test/test-app.ts";

const closers: Array<() => void> = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

async function tab(name: string) {
  const opened = await openTab(name);
  closers.push(() => opened.repository.close());
  return opened.repository;
}

describe("SessionEdits.configure", () => {
  it("keeps a conversation's settings through IndexedDB and a reload", async () => {
    const name = freshName();
    const { store } = testApp([], { repository: await tab(name) });
    await servicesOf(store).sessions.init();
    const id = await servicesOf(store).sessions.newSession();
    const settings = { systemPrompt: "Answer in French.", temperature: 0.3, maxTokens: 200 };
    expect(await servicesOf(store).edits.configure(id, settings)).toEqual({
      ok: true,
      value: undefined,
    });
    expect(store.getState().bodies[id]?.settings).toEqual(settings);
    await servicesOf(store).storage.flush();
    expect((await (await tab(name)).open(id))?.settings).toEqual(settings);
  });

  it("refuses a value out of range and changes nothing", async () => {
    const { store } = testApp();
    await servicesOf(store).sessions.init();
    const id = await servicesOf(store).sessions.newSession();
    await servicesOf(store).edits.configure(id, { temperature: 1 });
    const before = store.getState().bodies[id]?.revision;
    expect(await servicesOf(store).edits.configure(id, { temperature: 5 })).toEqual({
      ok: false,
      error: { code: "setting_invalid", field: "temperature" },
    });
    expect(store.getState().bodies[id]?.settings).toEqual({ temperature: 1 });
    expect(store.getState().bodies[id]?.revision).toBe(before);
  });

  it("removes the settings when every field is back to the agent's default", async () => {
    const { store } = testApp();
    await servicesOf(store).sessions.init();
    const id = await servicesOf(store).sessions.newSession();
    await servicesOf(store).edits.configure(id, { topP: 0.5 });
    await servicesOf(store).edits.configure(id, {});
    expect(store.getState().bodies[id]).not.toHaveProperty("settings");
  });
});
