import { describe, expect, it } from "vitest";
import type { ModelEvent } from "../../core/model.ts";
import type { SessionChange } from "../../persistence/repository.ts";
import { textAnswer } from "../../test/scripted-model.ts";
import { servicesOf, testApp } from "../../test/test-app.ts";

/** What each save told the repository had changed, in order. */
function changesOf(writes: ReadonlyArray<{ type: string; change?: SessionChange }>) {
  return writes.flatMap((w) => (w.type === "save" && w.change ? [w.change] : []));
}

const kindAndBase = (c: SessionChange) => ({ kind: c.kind, base: c.base });

describe("what the session cache tells storage a commit changed", () => {
  it("a send appends the messages one by one, each made from the version before", async () => {
    const { store, repository } = testApp([textAnswer("hello")]);
    await servicesOf(store).sessions.init();
    const id = await servicesOf(store).sessions.newSession();
    await servicesOf(store).runs.send(id, "hi");
    const changes = changesOf(repository.writes);
    expect(changes.map(kindAndBase)).toEqual([
      { kind: "append", base: 0 },
      { kind: "append", base: 1 },
      { kind: "append", base: 2 },
    ]);
    const bodies = store.getState().bodies[id]?.messages ?? [];
    expect(changes.flatMap((c) => (c.kind === "append" ? c.messages : []))).toEqual(bodies);
  });

  it("a rename, a pin and a pipeline change only the head", async () => {
    const { store, repository } = testApp([textAnswer("hello")]);
    await servicesOf(store).sessions.init();
    const id = await servicesOf(store).sessions.newSession();
    await servicesOf(store).runs.send(id, "hi");
    repository.writes.length = 0;
    await servicesOf(store).edits.rename(id, "Renamed");
    await servicesOf(store).edits.pin(id, true);
    await servicesOf(store).edits.setPipeline(id, ["Assistant"]);
    expect(changesOf(repository.writes).map(kindAndBase)).toEqual([
      { kind: "head", base: 3 },
      { kind: "head", base: 4 },
      { kind: "head", base: 5 },
    ]);
  });

  it("Retry moves only the shown leaf (a head write), and its failed answer is undone from where it was added", async () => {
    const failing: ModelEvent[] = [
      { type: "error", error: { code: "http_status", status: 502, detail: "down" } },
    ];
    const { store, repository } = testApp([textAnswer("hello"), failing]);
    await servicesOf(store).sessions.init();
    const id = await servicesOf(store).sessions.newSession();
    await servicesOf(store).runs.send(id, "hi");
    repository.writes.length = 0;
    await servicesOf(store).runs.retry(id);
    const changes = changesOf(repository.writes);
    expect(changes.map(kindAndBase)).toEqual([
      { kind: "head", base: 3 },
      { kind: "append", base: 4 },
      { kind: "rewrite", base: 5 },
    ]);
    expect(changes.map((c) => (c.kind === "rewrite" ? c.from : null))).toEqual([null, null, 3]);
    expect(store.getState().bodies[id]?.messages.at(-1)?.content).toBe("hello");
  });
});
