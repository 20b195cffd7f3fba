import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { appendChange, appended, message, session, WHOLE } from "../test/persistence-builders.ts";
import { freshName, openTab } from "./idb-test-kit.ts";
import type { RepositoryChange } from "./repository.ts";

function must<T>(value: T | undefined): T {
  if (value === undefined) throw new Error("expected a value");
  return value;
}

async function opened(count: number, options: { throttleMs?: number } = {}) {
  const tab = await openTab(freshName(), options);
  await tab.repository.save(session(1, count), WHOLE);
  const held = must(await tab.repository.open(session(1).id));
  const changes: RepositoryChange[] = [];
  tab.repository.subscribe((c) => changes.push(c));
  tab.writes.length = 0;
  return { ...tab, held, changes };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("letting go of sessions the store no longer holds", () => {
  it("a released session keeps no base: a save made from the old object is merged, losing nothing", async () => {
    const { repository, held, changes } = await opened(40);
    repository.release(held.id);
    await settle();
    await repository.save(appended(held, message(40)), appendChange(held, message(40)));
    expect(changes.map((c) => c.type === "saved" && c.remote)).toEqual([true]);
    // Merged with what is stored: what changed is not the save's change, so it is not told.
    expect(changes[0]).not.toHaveProperty("messages");
    expect((await repository.open(held.id))?.messages).toHaveLength(41);
  });

  it("a save after the release means the store holds it again: a plain append", async () => {
    const { repository, held, changes, writes } = await opened(40);
    repository.release(held.id);
    await repository.save(appended(held, message(40)), appendChange(held, message(40)));
    await settle();
    await repository.save(
      appended(appended(held, message(40)), message(41)),
      appendChange(appended(held, message(40)), message(41)),
    );
    expect(changes.map((c) => c.type === "saved" && c.remote)).toEqual([false, false]);
    expect(writes.map((w) => w.records)).toEqual([3, 3]);
  });

  it("writes queued before the release still go out from the kept base", async () => {
    const { repository, held, changes } = await opened(40, { throttleMs: 50 });
    await repository.save(appended(held, message(40)), appendChange(held, message(40)));
    const next = appended(appended(held, message(40)), message(41));
    const saving = repository.save(next, appendChange(appended(held, message(40)), message(41)));
    repository.release(held.id);
    await saving;
    expect(changes.map((c) => c.type === "saved" && c.remote)).toEqual([false, false]);
  });

  it("an open after the release gives the base back", async () => {
    const { repository, held, changes } = await opened(40);
    repository.release(held.id);
    const again = must(await repository.open(held.id));
    await settle();
    await repository.save(appended(again, message(40)), appendChange(again, message(40)));
    // Made from the base it gave back: written as asked, so listeners learn what it changed.
    const messages = { from: 40, ids: [] };
    expect(changes).toEqual([
      { type: "saved", id: held.id, revision: held.revision + 1, remote: false, messages },
    ]);
  });

  it("read() gives the whole session and keeps nothing of it as a base", async () => {
    const name = freshName();
    await (await openTab(name)).repository.save(session(2, 40), WHOLE);
    const tab = await openTab(name);
    const read = must(await tab.repository.read(session(2).id));
    expect(read).toEqual(session(2, 40));
    const changes: RepositoryChange[] = [];
    tab.repository.subscribe((c) => changes.push(c));
    await tab.repository.save(appended(read, message(40)), appendChange(read, message(40)));
    expect(changes.map((c) => c.type === "saved" && c.remote)).toEqual([true]);
  });
});
