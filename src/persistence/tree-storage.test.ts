import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import type { Message } from "../core/message.ts";
import { append, type Session } from "../core/session.ts";
import { showLeaf } from "../core/session-ops.ts";
import { path, versionsOf } from "../core/tree.ts";
import { buildSession, testEnv } from "../test/builders.ts";
import { message } from "../test/persistence-builders.ts";
import { freshName, openTab } from "./idb-test-kit.ts";

const env = testEnv();

/** A stored conversation of `n` messages, questions and answers in turn. */
async function stored(n: number) {
  const name = freshName();
  const tab = await openTab(name);
  const messages = Array.from({ length: n }, (_, i) =>
    message(i, { role: i % 2 === 0 ? "user" : "assistant" }),
  );
  const session = append(buildSession({ id: "0000000000aa" }), messages, env);
  await tab.repository.save(session, { kind: "whole" });
  await tab.repository.flush();
  tab.writes.length = 0;
  return { name, tab, session };
}

const answerTo = (_question: Message, n: number): Message =>
  message(n, { role: "assistant", content: `version ${n}` });

describe("a conversation tree in IndexedDB", () => {
  it("adds a version as a bounded write, like an append, and reads it back whole", async () => {
    const { tab, session } = await stored(200);
    const question = session.messages[100] as Message;
    const added = answerTo(question, 1000);
    const next = append(showLeaf(session, question.id, env), [added], env);
    await tab.repository.save(next, { kind: "append", messages: [added], base: session.revision });
    await tab.repository.flush();
    const [write] = tab.writes;
    expect(tab.writes).toHaveLength(1);
    expect(write?.records).toBeLessThanOrEqual(3);
    expect(write?.bytes).toBeLessThan(8_000);
    const back = (await tab.repository.open(session.id)) as Session;
    expect(back.messages).toEqual(next.messages);
    expect(path(back).map((m) => m.id)).toEqual(path(next).map((m) => m.id));
    expect(path(back)).toHaveLength(102);
  });

  it("switching versions writes the head and summary only", async () => {
    const { tab, session } = await stored(40);
    const shown = showLeaf(session, session.messages[9]?.id ?? null, env);
    await tab.repository.save(shown, { kind: "head", base: session.revision });
    await tab.repository.flush();
    expect(tab.writes.map((w) => w.records)).toEqual([2]);
    expect((await tab.repository.open(session.id))?.leafId).toBe(session.messages[9]?.id);
  });

  it("keeps both versions when two tabs add one to the same answer at once", async () => {
    const { name, tab, session } = await stored(4);
    const other = await openTab(name);
    const theirs = (await other.repository.open(session.id)) as Session;
    const question = session.messages[2] as Message;
    const a = answerTo(question, 50);
    const b = answerTo(question, 60);
    const mine = append(showLeaf(session, question.id, env), [a], env);
    const yours = append(showLeaf(theirs, question.id, env), [b], env);
    await tab.repository.save(mine, { kind: "append", messages: [a], base: session.revision });
    await tab.repository.flush();
    await other.repository.save(yours, { kind: "append", messages: [b], base: theirs.revision });
    await other.repository.flush();
    const merged = (await openTab(name)).repository.open(session.id);
    const back = (await merged) as Session;
    expect(versionsOf(back.messages, session.messages[3]?.id ?? "").ids).toEqual([
      session.messages[3]?.id,
      mine.messages.at(-1)?.id,
      yours.messages.at(-1)?.id,
    ]);
  });

  it("shows a Regenerate's partial answer, read back from its checkpoint, on the visible path", async () => {
    const { tab, session } = await stored(6);
    const question = session.messages[4] as Message;
    const asking = showLeaf(session, question.id, env);
    await tab.repository.save(asking, { kind: "head", base: session.revision });
    await tab.repository.checkpoint(session.id, {
      ...message(70, { role: "assistant", content: "half a new" }),
      parentId: question.id,
    });
    await tab.repository.flush();
    const back = (await tab.repository.open(session.id)) as Session;
    expect(
      path(back)
        .map((m) => m.content)
        .at(-1),
    ).toBe("half a new");
    expect(versionsOf(back.messages, back.messages.at(-1)?.id ?? "").ids).toHaveLength(2);
  });
});
