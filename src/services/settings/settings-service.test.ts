import { describe, expect, it } from "vitest";
import { MemorySessionRepository } from "../../persistence/memory-repository.ts";
import { testEnv } from "../../test/builders.ts";
import { session } from "../../test/persistence-builders.ts";
import { servicesOf, testApp } from "../../test/test-app.ts";
import type { SettingsStorage } from "../ports.ts";

/** One localStorage entry seen by several tabs, as the browser keeps it: a JSON string. */
function sharedStorage() {
  let raw: string | undefined;
  const storage: SettingsStorage = {
    read: () => (raw === undefined ? undefined : JSON.parse(raw)),
    write: (value) => {
      raw = JSON.stringify(value);
    },
  };
  return storage;
}

function tab(storage: SettingsStorage, repository = new MemorySessionRepository(), now = 0) {
  return testApp([], {
    repository,
    env: { ...testEnv(), clock: { now: () => now } },
    settingsStorage: storage,
  }).store;
}

describe("settings shared by several tabs", () => {
  it("a change writes only its own field over what is stored, never a stale copy", () => {
    const storage = sharedStorage();
    storage.write({ autoDeleteDays: 30 });
    const older = tab(storage);
    const newer = tab(storage);
    servicesOf(newer).settings.update({ autoDeleteDays: 0 });

    servicesOf(older).settings.update({ theme: "dark" });

    expect(storage.read()).toMatchObject({ autoDeleteDays: 0, theme: "dark" });
    expect(older.getState().settings).toMatchObject({ autoDeleteDays: 0, theme: "dark" });
  });

  it("a tab takes in the stored settings when told another tab changed them", () => {
    const storage = sharedStorage();
    const a = tab(storage);
    const b = tab(storage);
    servicesOf(a).settings.update({ autoDeleteDays: 7, locale: "zh" });
    const before = b.getState().settings;
    servicesOf(b).settings.sync();
    expect(b.getState().settings).toMatchObject({ autoDeleteDays: 7, locale: "zh" });
    const synced = b.getState().settings;
    servicesOf(b).settings.sync();
    expect(b.getState().settings).toBe(synced);
    expect(before.autoDeleteDays).toBe(0);
  });

  it("storage that cannot be read keeps the tab's own settings", () => {
    const a = tab({ read: () => undefined, write: () => {} });
    servicesOf(a).settings.update({ theme: "light" });
    servicesOf(a).settings.update({ locale: "en" });
    servicesOf(a).settings.sync();
    expect(a.getState().settings).toMatchObject({ theme: "light", locale: "en" });
  });

  it("auto-delete turned off in another tab deletes nothing here, even before the event", async () => {
    const now = Date.parse("2026-12-31T00:00:00.000Z");
    const storage = sharedStorage();
    storage.write({ autoDeleteDays: 7 });
    const old = session(1, 2);
    const repository = new MemorySessionRepository({ sessions: [old] });
    const older = tab(storage, repository, now);
    servicesOf(tab(storage)).settings.update({ autoDeleteDays: 0 });

    expect(await servicesOf(older).storage.autoDelete()).toBe(0);
    expect(older.getState().settings.autoDeleteDays).toBe(0);
    expect((await repository.load()).summaries.map((s) => s.id)).toEqual([old.id]);
  });
});
