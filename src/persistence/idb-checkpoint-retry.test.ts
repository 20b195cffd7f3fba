import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import type { Session } from "../core/session.ts";
import {
  appendChange,
  appended,
  headChange,
  message,
  session,
  WHOLE,
} from "../test/persistence-builders.ts";
import { freshName, openTab, rawRecords } from "./idb-test-kit.ts";
import { key } from "./layout/records.ts";

function must(s: Session | undefined): Session {
  if (!s) throw new Error("the session should exist");
  return s;
}

const reopened = async (name: string, id: string) =>
  must(await (await openTab(name)).repository.open(id));

/** A tab stored two messages and checkpointed a partial third, then crashed; a new tab opens it. */
async function afterCrash() {
  const name = freshName();
  const crashed = await openTab(name);
  const s = session(1, 2);
  await crashed.repository.save(s, WHOLE);
  await crashed.repository.checkpoint(s.id, message(2, { content: "Half" }));
  const tab = await openTab(name);
  const opened = must(await tab.repository.open(s.id));
  expect(opened.messages.at(-1)?.status).toBe("interrupted");
  return { name, id: s.id, crashed, tab, opened };
}

const hasCheckpoint = async (name: string, id: string) =>
  (await rawRecords(name)).has(key.checkpoint(id));

describe("a checkpoint picked up after a crash", () => {
  it("is gone after a Retry whose answer ended without text (an error, or Stop)", async () => {
    const { name, id, tab, opened } = await afterCrash();
    const retried = { ...opened, messages: opened.messages.slice(0, 2), revision: 3 };
    await tab.repository.save(retried, { kind: "rewrite", from: 2, base: opened.revision });

    expect(await hasCheckpoint(name, id)).toBe(false);
    expect((await reopened(name, id)).messages.map((m) => m.id)).toEqual(["m0", "m1"]);
  });

  it("is gone once the session is saved with it folded in, so deleting it later sticks", async () => {
    const { name, id, tab, opened } = await afterCrash();
    const folded = appended(opened, message(3, { role: "user" }));
    await tab.repository.save(folded, appendChange(opened, message(3, { role: "user" })));
    expect(await hasCheckpoint(name, id)).toBe(false);

    const without = { ...folded, messages: folded.messages.filter((m) => m.id !== "m2") };
    await tab.repository.save(
      { ...without, revision: folded.revision + 1 },
      { kind: "rewrite", from: 2, base: folded.revision },
    );
    expect((await reopened(name, id)).messages.map((m) => m.id)).toEqual(["m0", "m1", "m3"]);
  });

  it("stays when another tab wrote a newer partial answer since it was read", async () => {
    const { name, id, crashed, tab, opened } = await afterCrash();
    await crashed.repository.checkpoint(id, message(2, { content: "Half an answer, still going" }));
    await tab.repository.save({ ...opened, title: "Renamed", revision: 3 }, headChange(opened));

    expect(await hasCheckpoint(name, id)).toBe(true);
    expect((await reopened(name, id)).messages.at(-1)?.content).toBe("Half an answer, still going");
  });

  it("stays when the store saves a session not made from the one that showed it", async () => {
    const { name, id, tab } = await afterCrash();
    await tab.repository.save(session(1, 2, { title: "From elsewhere", revision: 5 }), WHOLE);
    expect(await hasCheckpoint(name, id)).toBe(true);
  });
});
