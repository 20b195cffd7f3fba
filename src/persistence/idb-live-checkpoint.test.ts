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
import { freshName, openTab } from "./idb-test-kit.ts";

function must(s: Session | undefined): Session {
  if (!s) throw new Error("the session should exist");
  return s;
}

const answer = message(3, { content: "message from B" });
const partial = { ...answer, content: "message", status: "interrupted" as const };

/** Tab B sends and streams (its checkpoint is stored) while tab A renames the conversation. */
async function renamedWhileStreaming() {
  const name = freshName();
  const a = await openTab(name);
  const b = await openTab(name);
  await a.repository.save(session(1, 2), WHOLE);
  const inA = must(await a.repository.open(session(1).id));
  const inB = must(await b.repository.open(session(1).id));
  const sent = appended(inB, message(2));
  await b.repository.save(sent, appendChange(inB, message(2)));
  await b.repository.checkpoint(sent.id, partial);
  await a.repository.save(
    { ...inA, title: "Renamed in A", revision: inA.revision + 1 },
    headChange(inA),
  );
  return { name, a, b, sent };
}

describe("a checkpoint of a run that is still live", () => {
  it("is not read back into the answering tab when it reads the session again, so its answer is stored once", async () => {
    const { name, b, sent } = await renamedWhileStreaming();

    const again = must(await b.repository.open(sent.id, { live: true }));
    expect(again.messages.map((m) => m.id)).toEqual(["m0", "m1", "m2"]);
    await b.repository.save(appended(again, answer), appendChange(again, answer));

    const stored = must(await (await openTab(name)).repository.open(sent.id));
    expect(stored.title).toBe("Renamed in A");
    expect(stored.messages.map((m) => [m.id, m.status ?? "user"])).toEqual([
      ["m0", "user"],
      ["m1", "complete"],
      ["m2", "user"],
      ["m3", "complete"],
    ]);
  });

  it("is never written as a message by a tab that opens it as live elsewhere", async () => {
    const { name, a, b, sent } = await renamedWhileStreaming();

    const inA = must(await a.repository.open(sent.id, { live: true }));
    expect(inA.messages.map((m) => m.id)).toEqual(["m0", "m1", "m2"]);
    await a.repository.save(
      { ...inA, title: "Renamed again", revision: inA.revision + 1 },
      headChange(inA),
    );
    const midway = must(await (await openTab(name)).repository.open(sent.id, { live: true }));
    expect(midway.messages.map((m) => m.id)).toEqual(["m0", "m1", "m2"]);

    const inB = must(await b.repository.open(sent.id, { live: true }));
    await b.repository.save(appended(inB, answer), appendChange(inB, answer));
    const stored = must(await (await openTab(name)).repository.open(sent.id));
    expect(stored.title).toBe("Renamed again");
    expect(stored.messages.map((m) => [m.id, m.content])).toEqual([
      ["m0", "message number 0"],
      ["m1", "message number 1"],
      ["m2", "message number 2"],
      ["m3", "message from B"],
    ]);
  });

  it("comes back as interrupted once no tab runs it (the answering tab crashed)", async () => {
    const { name, sent } = await renamedWhileStreaming();

    const stored = must(await (await openTab(name)).repository.open(sent.id));
    expect(stored.messages.at(-1)).toEqual(partial);
  });
});
