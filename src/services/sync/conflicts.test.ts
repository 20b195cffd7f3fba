import { describe, expect, it } from "vitest";
import type { Session } from "../../core/session.ts";
import { mergeSessions } from "../../persistence/tabs/merge.ts";
import { message, session } from "../../test/persistence-builders.ts";
import { chunkJson, chunkKey, chunkRecords } from "./chunks.ts";
import { type Conflict, type Leaf, resolvedJson } from "./conflicts.ts";
import { headKey, messageKey, sessionRecords } from "./sync-records.ts";
import type { SyncedSet } from "./synced-sets.ts";

const agents: SyncedSet = {
  prefix: "a",
  values: () => new Map(),
  subscribe: () => () => {},
  apply: async () => {},
};

const base = session(1, 2, { state: { kept: true } });
const at = (minutes: number) =>
  new Date(Date.parse(base.updatedAt) + minutes * 60_000).toISOString();
const head = (s: Session) => sessionRecords(s).get(headKey(s.id)) as string;
const leaves = (...jsons: string[]): Leaf[] =>
  jsons.map((json, i) => ({ rev: `2-${i}`, json, revision: 2 }));
const resolve = (conflict: Conflict) => resolvedJson(conflict, mergeSessions, [agents]);

describe("resolvedJson: one document two devices changed while apart", () => {
  it("keeps every field each side changed in a head, and the later edit of one both changed", () => {
    const onA = { ...base, title: "Renamed on A", state: { kept: true, a: 1 }, updatedAt: at(1) };
    const onB = { ...base, title: "Renamed on B", state: { kept: true, b: 2 }, updatedAt: at(2) };
    const expected = head({ ...onB, state: { kept: true, a: 1, b: 2 } });
    for (const order of [leaves(head(onA), head(onB)), leaves(head(onB), head(onA))])
      expect(resolve({ parleyKey: headKey(base.id), leaves: order, base: head(base) })).toBe(
        expected,
      );
  });

  it("writes the same text whichever order the state keys were merged in", () => {
    const onA = { ...base, state: { kept: true, a: 1 }, updatedAt: at(1) };
    const onB = { ...base, state: { kept: true, b: 2 }, updatedAt: at(1) };
    const one = resolve({
      parleyKey: headKey(base.id),
      leaves: leaves(head(onA), head(onB)),
      base: head(base),
    });
    const other = resolve({
      parleyKey: headKey(base.id),
      leaves: leaves(head(onB), head(onA)),
      base: head(base),
    });
    expect(JSON.parse(one).head.state).toEqual({ kept: true, a: 1, b: 2 });
    expect(other).toBe(one);
  });

  it("takes a message record's link from the leaf that changed it, and its message from the other", () => {
    const key = messageKey(base.id, "m1");
    const record = (after: string | null, content: string) =>
      JSON.stringify({ after, message: { ...message(1), content } });
    const ancestor = record("m0", "first");
    const linked = record("m9", "first");
    const edited = record("m0", "checkpoint");
    const merged = JSON.parse(
      resolve({ parleyKey: key, leaves: leaves(linked, edited), base: ancestor }),
    );
    expect(merged.after).toBe("m9");
    expect(merged.message.content).toBe("checkpoint");
  });

  it("gives an agent the later change, whichever leaf CouchDB picked", () => {
    const early = JSON.stringify({ value: '{"name":"Poet","v":1}', at: 10 });
    const late = JSON.stringify({ value: '{"name":"Poet","v":2}', at: 20 });
    for (const order of [leaves(early, late), leaves(late, early)])
      expect(resolve({ parleyKey: "a:Poet", leaves: order, base: undefined })).toBe(late);
  });

  it("without the common ancestor, the later head wins the fields the two differ in", () => {
    const onA = { ...base, title: "Renamed on A", updatedAt: at(1) };
    const onB = { ...base, state: { kept: true, b: 2 }, updatedAt: at(2) };
    const merged = JSON.parse(
      resolve({
        parleyKey: headKey(base.id),
        leaves: leaves(head(onA), head(onB)),
        base: undefined,
      }),
    );
    expect(merged.head.title).toBe(base.title);
    expect(merged.head.state).toEqual({ kept: true, b: 2 });
  });

  it("merges a chunk record by record: a change beats a removal, a removal alone and an addition stay", () => {
    const records = sessionRecords(session(3, 5));
    const id = session(3).id;
    const record = (n: number) => [messageKey(id, `m${n}`), records.get(messageKey(id, `m${n}`))];
    const edited = (n: number, content: string) => {
      const [key, json] = record(n);
      const parsed = JSON.parse(json as string);
      return [key, JSON.stringify({ ...parsed, message: { ...parsed.message, content } })];
    };
    const chunk = (...entries: (string | undefined)[][]) =>
      chunkJson((entries as [string, string][]).map(([k, json]) => [k, json, 1]));
    const key = chunkKey(id, "m0");
    const ancestor = chunk(record(0), record(1), record(2), record(3));
    // A edited m0, removed m2 and m3; B edited m2 and added m4.
    const onA = chunk(edited(0, "A"), record(1));
    const onB = chunk(record(0), record(1), edited(2, "B"), record(3), record(4));
    const expected = new Map([edited(0, "A"), record(1), edited(2, "B"), record(4)] as [
      string,
      string,
    ][]);
    for (const order of [leaves(onA, onB), leaves(onB, onA)]) {
      const merged = resolve({ parleyKey: key, leaves: order, base: ancestor });
      const entries = chunkRecords(key, merged) ?? [];
      expect(new Map(entries.map(([k, json]) => [k, json]))).toEqual(expected);
      // A record merged anew is one revision on; one taken from a leaf keeps its revision.
      expect(entries.map(([k, , revision]) => [k, revision])).toContainEqual([record(1)[0], 1]);
    }
  });
});
