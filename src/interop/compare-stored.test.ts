import { describe, expect, it } from "vitest";
import type { Session } from "../core/session.ts";
import { buildMessage } from "../test/builders.ts";
import { buildSampleSession } from "../test/interop-sessions.ts";
import { compareWithStored, type StoredSessions } from "./compare-stored.ts";
import { type OutlineResult, outlineFile } from "./conversation-outline.ts";
import { contentFingerprint } from "./fingerprint.ts";

const fileOf = (...sessions: Session[]): OutlineResult =>
  outlineFile(
    {
      ok: true,
      file: {
        fileName: "a.json",
        format: { id: "parley", version: 1 },
        sessions,
        notes: sessions.map(() => []),
        failures: [],
        warnings: [],
      },
    },
    [],
  );

/** What Parley holds, counting the sessions it had to read whole. */
function storedOf(sessions: Session[], fingerprints: ReadonlyMap<string, string> = new Map()) {
  const reads: string[] = [];
  const byId = new Map(sessions.map((s) => [s.id, s]));
  const stored: StoredSessions = {
    summary: (id) => {
      const s = byId.get(id);
      return s && { title: s.title, messageCount: s.messages.length, revision: s.revision };
    },
    fingerprints: async (ids) =>
      new Map(
        ids.flatMap((id) => (fingerprints.has(id) ? [[id, fingerprints.get(id) ?? ""]] : [])),
      ),
    read: async (id) => {
      reads.push(id);
      return byId.get(id);
    },
  };
  return { stored, reads };
}

const a = buildSampleSession({ id: "aaaaaaaaaaaa", title: "A", revision: 3 });
const b = buildSampleSession({ id: "bbbbbbbbbbbb", title: "B", revision: 5 });
const c = buildSampleSession({ id: "cccccccccccc", title: "C", revision: 7 });
const longer = {
  ...b,
  messages: [...b.messages, buildMessage({ id: "m9", role: "user", content: "one more" })],
};

describe("compareWithStored", () => {
  it("decides from stored fingerprints and summaries, reading whole only what they cannot decide", async () => {
    const { stored, reads } = storedOf([a, b, c], new Map([[a.id, contentFingerprint(a)]]));
    const fresh = buildSampleSession({ id: "dddddddddddd", title: "New" });
    const existing = await compareWithStored([fileOf(a, longer, c, fresh)], stored);
    expect([...existing]).toEqual([
      [a.id, { fingerprint: contentFingerprint(a), revision: 3 }],
      [b.id, { fingerprint: null, revision: 5 }],
      [c.id, { fingerprint: contentFingerprint(c), revision: 7 }],
    ]);
    expect(reads).toEqual([c.id]);
  });

  it("compares only the first incoming copy of an id, and reports the reads it makes", async () => {
    const { stored, reads } = storedOf([a, b]);
    const progress: Array<[number, number]> = [];
    await compareWithStored([fileOf(a, b), fileOf(a)], stored, (done, total) =>
      progress.push([done, total]),
    );
    expect(reads).toEqual([a.id, b.id]);
    expect(progress).toEqual([
      [1, 2],
      [2, 2],
    ]);
  });

  it("an export of format 1, only the visible path of a conversation with versions, is identical to it", async () => {
    // What Parley holds: the sample with a second version of its first question, below it the path.
    const other = buildMessage({ id: "m1b", role: "user", content: "And 2+4?", parentId: null });
    const versions: Session = { ...a, messages: [...a.messages, other], leafId: "m4" };
    const { stored, reads } = storedOf([versions]);
    const existing = await compareWithStored([fileOf(a)], stored);
    expect(reads).toEqual([a.id]);
    expect(existing.get(a.id)).toEqual({ fingerprint: contentFingerprint(a), revision: 3 });

    const changed = { ...a, messages: a.messages.map((m) => ({ ...m, content: `${m.content}!` })) };
    const differing = await compareWithStored([fileOf(changed)], storedOf([versions]).stored);
    expect(differing.get(a.id)?.fingerprint).not.toBe(contentFingerprint(changed));
  });

  it("asks nothing when no incoming id is stored", async () => {
    const { stored, reads } = storedOf([]);
    stored.fingerprints = () => Promise.reject(new Error("not expected"));
    expect((await compareWithStored([fileOf(a)], stored)).size).toBe(0);
    expect(reads).toEqual([]);
  });
});
