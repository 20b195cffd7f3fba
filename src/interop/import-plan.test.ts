import { describe, expect, it } from "vitest";
import type { Session } from "../core/session.ts";
import { buildMessage } from "../test/builders.ts";
import { buildSampleSession } from "../test/interop-sessions.ts";
import { failedCommitReport, resolvePlan, sessionsToWrite } from "./commit-plan.ts";
import { type OutlineResult, outlineFile } from "./conversation-outline.ts";
import { contentFingerprint } from "./fingerprint.ts";
import {
  chooseForAllConflicts,
  chooseForConflict,
  type ExistingSession,
  firstOutlines,
  nothingToImport,
  planImport,
} from "./import-plan.ts";

/** Every session outlined by `fileOf`, by its outline number (what the worker keeps). */
const bodies: Session[] = [];
const fileOf = (fileName: string, ...sessions: Session[]): OutlineResult =>
  outlineFile(
    {
      ok: true,
      file: {
        fileName,
        format: { id: "parley", version: 1 },
        sessions,
        notes: sessions.map(() => []),
        failures: [],
        warnings: [],
      },
    },
    bodies,
  );
const existingOf = (...sessions: Session[]) =>
  new Map<string, ExistingSession>(
    sessions.map((s) => [s.id, { fingerprint: contentFingerprint(s), revision: s.revision }]),
  );

const mine = buildSampleSession();
const same = { ...mine, updatedAt: "2027-01-01T00:00:00.000Z", revision: 9 };
const changed = {
  ...mine,
  messages: [...mine.messages, buildMessage({ id: "m5", role: "user", content: "and more" })],
};
const fresh = buildSampleSession({ id: "aaaaaaaaaaaa", title: "Fresh" });

describe("planImport", () => {
  it("classifies new, identical (times and revision aside) and conflicting conversations", () => {
    const plan = planImport(
      [fileOf("a.json", fresh, same), fileOf("b.json", changed)],
      existingOf(mine),
    );
    expect(plan.items.map((i) => [i.conversation.title, i.classification, i.choice])).toEqual([
      ["Fresh", "new", "add"],
      ["Arithmetic", "identical", "skip"],
      ["Arithmetic", "conflict", "skip"],
    ]);
    expect(plan.files).toEqual([
      { fileName: "a.json", format: { id: "parley", version: 1 }, conversations: 2 },
      { fileName: "b.json", format: { id: "parley", version: 1 }, conversations: 1 },
    ]);
  });

  it("compares a conversation that appears twice in one import with its first copy", () => {
    const plan = planImport(
      [fileOf("a.json", fresh), fileOf("b.json", fresh, { ...fresh, title: "Other" })],
      new Map(),
    );
    expect(plan.items.map((i) => [i.classification, i.conflictWith])).toEqual([
      ["new", undefined],
      ["identical", undefined],
      ["conflict", "import"],
    ]);
    const replaced = chooseForConflict(plan, plan.items[2]?.key ?? "", "replace");
    expect(replaced.items[2]?.choice).toBe("skip");
  });

  it("lists refused files and failed conversations with their file names", () => {
    const refused: OutlineResult = {
      ok: false,
      fileName: "evil.json",
      error: { path: "$", code: "not-recognised" },
    };
    const plan = planImport([refused], new Map());
    expect(plan.failures).toEqual([
      { fileName: "evil.json", title: "", path: "$", code: "not-recognised" },
    ]);
    expect(plan.files).toEqual([{ fileName: "evil.json", format: null, conversations: 0 }]);
  });

  it("nothing to import, yet Import stays enabled: the plan says why nothing would be written", () => {
    const refused: OutlineResult = {
      ok: false,
      fileName: "photo.json",
      error: { path: "$", code: "json-trailing-text", line: 1, column: 2 },
    };
    expect(nothingToImport(planImport([refused], new Map()))).toBe("refused");
    expect(nothingToImport(planImport([fileOf("empty.json")], new Map()))).toBe("empty");
    expect(nothingToImport(planImport([fileOf("a.json", same)], existingOf(mine)))).toBe(
      "identical",
    );
    const conflict = planImport([fileOf("a.json", same, changed)], existingOf(mine));
    expect(nothingToImport(conflict)).toBe("skipped");
    const chosen = chooseForAllConflicts(conflict, "keep-both");
    expect(nothingToImport(chosen)).toBeNull();
    expect(nothingToImport(planImport([refused, fileOf("b.json", fresh)], new Map()))).toBeNull();
  });

  it("an identical conversation whose carried files are missing here restores them, and only those", () => {
    const file = fileOf("a.json", same);
    if (!file.ok || !file.file.conversations[0]) throw new Error("one conversation expected");
    file.file.conversations[0].carried = ["a".repeat(64), "b".repeat(64)];
    const plan = planImport([file], existingOf(mine), new Set(["a".repeat(64)]));
    expect(plan.items.map((i) => [i.classification, i.choice, i.restores])).toEqual([
      ["restore", "restore", ["b".repeat(64)]],
    ]);
    expect(nothingToImport(plan)).toBeNull();
    const { writes, restores, report } = resolvePlan(plan, existingOf(mine), () => "x");
    expect(writes).toEqual([]);
    expect(restores).toEqual(["b".repeat(64)]);
    expect(report.restored).toEqual([{ title: "Arithmetic", fileName: "a.json", files: 1 }]);
    const complete = planImport(
      [file],
      existingOf(mine),
      new Set(["a", "b"].map((c) => c.repeat(64))),
    );
    expect(complete.items.map((i) => i.classification)).toEqual(["identical"]);
  });

  it("finds the first incoming copy of each colliding id", () => {
    const colliding = firstOutlines(
      [fileOf("a.json", fresh, mine), fileOf("b.json", changed)],
      (id) => id === mine.id,
    );
    expect([...colliding.entries()].map(([id, o]) => [id, o.messageCount])).toEqual([[mine.id, 4]]);
  });
});

describe("resolvePlan", () => {
  const existing = existingOf(mine);
  const plan = planImport([fileOf("a.json", fresh, changed)], existing);
  const conflictKey = plan.items[1]?.key ?? "";
  let counter = 0;
  const newId = () => ["0123456789ab", "bbbbbbbbbbbb", "cccccccccccc"][counter++ % 3] ?? "";

  it("by default adds the new, skips the identical and leaves conflicts alone", () => {
    const { writes, report } = resolvePlan(plan, existing, newId);
    expect(writes.map((s) => s.id)).toEqual([fresh.id]);
    expect(report.added).toHaveLength(1);
    expect(report.skipped.map((s) => s.reason)).toEqual(["chosen"]);
  });

  it("replaces with a revision above the stored one", () => {
    const { writes, report } = resolvePlan(
      chooseForConflict(plan, conflictKey, "replace"),
      existing,
      newId,
    );
    expect(writes[1]).toMatchObject({ id: mine.id, revision: 4 });
    expect(report.replaced).toEqual([{ title: "Arithmetic", fileName: "a.json" }]);
    expect(writes).toHaveLength(2);
  });

  it("keeps both under a new id that collides with nothing", () => {
    counter = 0;
    const { writes } = resolvePlan(chooseForAllConflicts(plan, "keep-both"), existing, newId);
    expect(writes.map((s) => s.id)).toEqual([fresh.id, "bbbbbbbbbbbb"]);
    expect(writes[1]?.fingerprint).toBe(contentFingerprint(changed));
  });

  it("gives the sessions to write their planned ids and revisions, on every pass", () => {
    const { writes } = resolvePlan(
      chooseForConflict(plan, conflictKey, "replace"),
      existing,
      newId,
    );
    const save = sessionsToWrite(
      writes,
      writes.map((w) => bodies[w.index] as Session),
    );
    const expected = [
      [fresh.id, fresh.revision, fresh.messages.length],
      [mine.id, 4, 5],
    ];
    expect([...save].map((s) => [s.id, s.revision, s.messages.length])).toEqual(expected);
    expect([...save].map((s) => [s.id, s.revision, s.messages.length])).toEqual(expected);
    expect(save.length).toBe(2);
    expect(() => [...sessionsToWrite(writes, [fresh])]).toThrow(/fewer bodies than writes/);
  });

  it("reports every planned write as failed when the commit fails", () => {
    const chosen = chooseForConflict(plan, conflictKey, "replace");
    const report = failedCommitReport(chosen, resolvePlan(chosen, existing, newId));
    expect(report.added).toEqual([]);
    expect(report.replaced).toEqual([]);
    expect(report.failed.map((f) => f.problem)).toEqual([null, null]);
    expect(report.skipped).toEqual([]);
  });
});
