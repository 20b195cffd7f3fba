import { describe, expect, it } from "vitest";
import type { Session } from "../../core/session.ts";
import { MemorySessionRepository } from "../../persistence/memory-repository.ts";
import type { SessionChange, WriteOutcome } from "../../persistence/repository.ts";
import { buildSampleSession } from "../../test/interop-sessions.ts";
import { servicesOf, testApp } from "../../test/test-app.ts";

/** A repository without saveMany whose saves fail from the `failAt`-th on, as a full disk would. */
class FailingRepository extends MemorySessionRepository {
  private saves = 0;
  constructor(
    sessions: Session[],
    private readonly failAt: number,
  ) {
    super({ sessions });
  }
  override async save(session: Session, change: SessionChange): Promise<WriteOutcome> {
    this.saves++;
    if (this.saves === this.failAt)
      return {
        ok: false,
        fault: { kind: "quota" },
      };
    return super.save(session, change);
  }
}
Object.defineProperty(FailingRepository.prototype, "saveMany", { value: undefined });

async function setup(repository: MemorySessionRepository) {
  const { store } = testApp([], { repository });
  await servicesOf(store).sessions.init();
  return store;
}

const original = buildSampleSession({ title: "Mine" });
const incoming = [
  buildSampleSession({ id: "aaaaaaaaaaaa", title: "New one" }),
  buildSampleSession({ title: "Replacement", revision: 5 }),
];

describe("importSessions", () => {
  it("writes every session and shows them in the sidebar", async () => {
    const repository = new MemorySessionRepository({ sessions: [original] });
    const store = await setup(repository);
    expect(await servicesOf(store).importer.write(incoming)).toEqual({
      ok: true,
      value: undefined,
    });
    expect(
      Object.values(store.getState().summaries)
        .map((s) => s.title)
        .sort(),
    ).toEqual(["New one", "Replacement"]);
    expect((await repository.open(original.id))?.title).toBe("Replacement");
  });

  it("leaves everything as it was when a write fails halfway", async () => {
    const repository = new FailingRepository([original], 2);
    const store = await setup(repository);
    const result = await servicesOf(store).importer.write(incoming);
    expect(result).toEqual({
      ok: false,
      error: { code: "not_imported", fault: { kind: "quota" } },
    });
    expect(await repository.open("aaaaaaaaaaaa")).toBeUndefined();
    expect(await repository.open(original.id)).toEqual(original);
    expect(Object.keys(store.getState().summaries)).toEqual([original.id]);
  });

  it("writes sessions decoded as they are read, with progress, and keeps only their summaries", async () => {
    const repository = new MemorySessionRepository({ sessions: [original] });
    const store = await setup(repository);
    let passes = 0;
    const source = {
      length: incoming.length,
      *[Symbol.iterator]() {
        passes++;
        for (const session of incoming) yield structuredClone(session);
      },
    };
    const progress: Array<[number, number]> = [];
    const result = await servicesOf(store).importer.write(source, {
      onProgress: (done, total) => progress.push([done, total]),
    });
    expect(result).toEqual({ ok: true, value: undefined });
    expect(passes).toBe(1);
    expect(progress).toEqual([
      [1, 2],
      [2, 2],
    ]);
    expect(store.getState().summaries.aaaaaaaaaaaa?.title).toBe("New one");
    expect(store.getState().bodies.aaaaaaaaaaaa).toBeUndefined();
  });

  it("reads again a conversation it holds open when the import replaced it", async () => {
    const repository = new MemorySessionRepository({ sessions: [original] });
    const store = await setup(repository);
    await servicesOf(store).sessions.open(original.id);
    expect(store.getState().bodies[original.id]?.title).toBe("Mine");
    await servicesOf(store).importer.write(incoming);
    expect(store.getState().bodies[original.id]).toEqual(await repository.open(original.id));
    expect(store.getState().bodies[original.id]?.title).toBe("Replacement");
  });

  it("keeps the fingerprints of an import until the conversation changes", async () => {
    const repository = new MemorySessionRepository({ sessions: [original] });
    const store = await setup(repository);
    const fingerprints = new Map([
      ["aaaaaaaaaaaa", "f1"],
      [original.id, "f2"],
    ]);
    await servicesOf(store).importer.write(incoming, { fingerprints });
    expect(
      await servicesOf(store).importer.storedFingerprints(["aaaaaaaaaaaa", original.id]),
    ).toEqual(fingerprints);
    await servicesOf(store).edits.rename("aaaaaaaaaaaa", "Renamed");
    expect(
      await servicesOf(store).importer.storedFingerprints(["aaaaaaaaaaaa", original.id]),
    ).toEqual(new Map([[original.id, "f2"]]));
  });

  it("reads whole sessions for export, leaving out ids that do not exist", async () => {
    const store = await setup(new MemorySessionRepository({ sessions: [original] }));
    expect(await servicesOf(store).sessions.readMany([original.id, "ffffffffffff"])).toEqual([
      original,
    ]);
  });
});
