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

describe("writes of a page being left", () => {
  it("merge with a change another tab made meanwhile instead of overwriting it", async () => {
    const name = freshName();
    const a = await openTab(name, { throttleMs: 60_000 });
    await a.repository.save(session(1, 2), WHOLE, { immediate: true });
    const b = await openTab(name);
    const inA = must(await a.repository.open(session(1).id));
    const inB = must(await b.repository.open(session(1).id));

    await a.repository.flush({ leaving: true });
    await b.repository.save(
      { ...inB, title: "Renamed in B", revision: inB.revision + 1 },
      headChange(inB),
    );
    const stopped = message(2, { content: "Stopped by the leave", status: "interrupted" });
    await a.repository.save(appended(inA, stopped), appendChange(inA, stopped));

    const stored = must(await (await openTab(name)).repository.open(session(1).id));
    expect(stored.title).toBe("Renamed in B");
    expect(stored.messages.map((m) => m.content)).toEqual([
      "message number 0",
      "message number 1",
      "Stopped by the leave",
    ]);
  });

  it("go at once, without the throttle, and write only what changed", async () => {
    const name = freshName();
    const a = await openTab(name, { throttleMs: 60_000 });
    const long = session(1, 40);
    await a.repository.save(long, WHOLE, { immediate: true });
    await a.repository.flush({ leaving: true });
    const written = a.writes.length;
    await a.repository.save(appended(long, message(40)), appendChange(long, message(40)));
    expect(a.writes).toHaveLength(written + 1);
    expect(a.writes.at(-1)?.records).toBe(3);
  });
});
