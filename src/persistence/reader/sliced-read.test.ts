import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import {
  appendChange,
  appended,
  message,
  session,
  WHOLE,
} from "../../test/persistence-builders.ts";
import { Connection } from "../database/idb-connection.ts";
import { freshName, openTab, putRaw } from "../idb-test-kit.ts";
import { key } from "../layout/records.ts";
import { type Reader, readSession } from "./sliced-read.ts";

/** The connection, counting its transactions and running `between(n)` before the n-th. */
function counting(name: string, between: (n: number) => Promise<void> = async () => {}) {
  const connection = new Connection(name, () => {});
  const reader = {
    transactions: 0,
    async transact(...args: Parameters<Connection["transact"]>) {
      reader.transactions += 1;
      await between(reader.transactions);
      return connection.transact(...args);
    },
  };
  return reader as Reader & { transactions: number };
}

describe("reading a session in slices", () => {
  it("reads a long session a few chunks per transaction and gives it whole", async () => {
    const name = freshName();
    const { repository } = await openTab(name);
    const long = session(1, 200);
    await repository.save(long, WHOLE);
    const reader = counting(name);
    const read = await readSession(reader, long.id, 3);
    expect(read.session).toEqual(long);
    expect(read.stored).toHaveLength(200);
    expect(reader.transactions).toBe(5);
  });

  it("reads a short session in one transaction", async () => {
    const name = freshName();
    const { repository } = await openTab(name);
    await repository.save(session(1, 40), WHOLE);
    const reader = counting(name);
    expect((await readSession(reader, session(1).id, 3)).session).toEqual(session(1, 40));
    expect(reader.transactions).toBe(1);
  });

  it("never mixes two versions: a write by another tab between slices makes it read again", async () => {
    const name = freshName();
    const { repository: other } = await openTab(name);
    const long = session(1, 200);
    await other.save(long, WHOLE);
    const changed = { ...appended(long, message(200)), title: "Renamed elsewhere" };
    const reader = counting(name, async (n) => {
      if (n === 3) await other.save(changed, appendChange(long, message(200)));
    });
    const read = await readSession(reader, long.id, 3);
    expect(read.session).toEqual(changed);
    expect(read.stored).toHaveLength(201);
    expect(reader.transactions).toBe(10);
  });

  it("a damaged chunk in the middle is reported and every other message kept", async () => {
    const name = freshName();
    const { repository } = await openTab(name);
    const long = session(1, 200);
    await repository.save(long, WHOLE);
    await putRaw(name, key.chunk(long.id, 5), { format_version: 1, messages: "not a list" });
    const read = await readSession(counting(name), long.id, 3);
    expect(read.damaged.map((d) => d.key)).toEqual([key.chunk(long.id, 5)]);
    expect(read.session?.messages).toHaveLength(184);
    expect(read.stored).toBeUndefined();
  });

  it("opening through the repository reads in slices and takes a checkpointed answer last", async () => {
    const name = freshName();
    const { repository } = await openTab(name, { sliceChunks: 2 });
    const long = session(1, 100);
    await repository.save(long, WHOLE);
    await repository.checkpoint(long.id, message(100, { content: "partial" }));
    const opened = await repository.open(long.id);
    expect(opened?.messages).toHaveLength(101);
    expect(opened?.messages.at(-1)).toMatchObject({ content: "partial", status: "interrupted" });
  });
});
