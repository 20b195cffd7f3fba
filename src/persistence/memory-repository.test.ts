import { describe, expect, it } from "vitest";
import { appendChange, appended, message, session, WHOLE } from "../test/persistence-builders.ts";
import { UNAVAILABLE } from "./faults.ts";
import { MemorySessionRepository } from "./memory-repository.ts";

describe("MemorySessionRepository", () => {
  it("keeps sessions through the disk codec and lists them", async () => {
    const repository = new MemorySessionRepository();
    await repository.load();
    const s = session(1, 4, { metadata: { pinned: true } });
    await repository.save(s, WHOLE);
    expect(await repository.open(s.id)).toEqual(s);
    expect((await repository.load()).summaries).toEqual([
      expect.objectContaining({ id: s.id, messageCount: 4, pinned: true }),
    ]);
  });

  it("refuses to write before load()", async () => {
    const repository = new MemorySessionRepository();
    await expect(repository.save(session(1), WHOLE)).rejects.toThrow(/before load/);
  });

  it("shows a checkpointed partial answer as interrupted until the answer is saved", async () => {
    const repository = new MemorySessionRepository();
    await repository.load();
    const s = session(1, 2);
    await repository.save(s, WHOLE);
    const partial = message(2, { role: "assistant", content: "half", status: "complete" });
    await repository.checkpoint(s.id, partial);
    expect((await repository.open(s.id))?.messages.at(-1)).toEqual({
      ...partial,
      status: "interrupted",
    });
    const final = { ...partial, content: "whole" };
    await repository.save(appended(s, final), appendChange(s, final));
    expect((await repository.open(s.id))?.messages.at(-1)).toEqual(final);
  });

  it("reports the fault it was created with, and that nothing is saved", async () => {
    const repository = new MemorySessionRepository({ fault: UNAVAILABLE });
    expect(repository.currentFault()?.kind).toBe("unavailable");
    expect((await repository.storageInfo()).saving).toBe(false);
  });
});
