import { describe, expect, it } from "vitest";
import { snapshotHead, snapshotMessage } from "../../core/codec/index.ts";
import type { Session } from "../../core/session.ts";
import { leafOf, treeOf } from "../../core/tree.ts";
import { appended, message, session } from "../../test/persistence-builders.ts";
import { assembleSession } from "./session-assembly.ts";
import { headKey, messageKey, sessionRecords } from "./sync-records.ts";

/** What layout 1 wrote: the head with every message id in order, each message as on disk. */
function legacyRecords(s: Session): Map<string, string> {
  const { revision: _local, ...head } = snapshotHead(s);
  const records = new Map([
    [headKey(s.id), JSON.stringify({ head, order: s.messages.map((m) => m.id) })],
  ]);
  for (const m of s.messages)
    records.set(messageKey(s.id, m.id), JSON.stringify(snapshotMessage(m)));
  return records;
}

const ids = (s: Session | undefined) => s?.messages.map((m) => m.id);

describe("assembleSession", () => {
  it("assembles the order from each message's predecessor, and the time from the newest message", () => {
    const first = session(2, 3);
    const held = sessionRecords(first);
    const later = appended(first, message(3), message(4));
    const records = sessionRecords(later, held);

    const assembled = assembleSession(first.id, records);
    expect(assembled?.messages).toEqual(later.messages);
    expect(assembled?.updatedAt).toBe(message(4).createdAt);
    expect(assembled?.title).toBe(first.title);
  });

  it("waits while the head's last message or a predecessor has not arrived", () => {
    const s = session(3, 4);
    const records = sessionRecords(s);
    const withoutLast = new Map(records);
    withoutLast.delete(messageKey(s.id, "m3"));
    expect(assembleSession(s.id, withoutLast)).toBeUndefined();

    const later = sessionRecords(appended(s, message(4), message(5)), records);
    later.delete(messageKey(s.id, "m4"));
    expect(assembleSession(s.id, later)).toBeUndefined();
    later.delete(messageKey(s.id, "m5"));
    expect(ids(assembleSession(s.id, later))).toEqual(["m0", "m1", "m2", "m3"]);
  });

  it("still reads what a device of layout 1 left on the server", () => {
    const s = session(4, 3);
    expect(assembleSession(s.id, legacyRecords(s))?.messages).toEqual(s.messages);

    const missing = legacyRecords(s);
    missing.delete(messageKey(s.id, "m1"));
    expect(assembleSession(s.id, missing)).toBeUndefined();
  });

  it("gives one list on every device for messages two devices appended after the same one", () => {
    const base = session(5, 2);
    const held = sessionRecords(base);
    const onA = sessionRecords(appended(base, message(7, { content: "from A" })), held);
    const onB = sessionRecords(appended(base, message(6, { content: "from B" })), held);
    const both = new Map([...onA, ...onB]);
    const reversed = new Map([...both].reverse());

    expect(ids(assembleSession(base.id, both))).toEqual(["m0", "m1", "m6", "m7"]);
    expect(ids(assembleSession(base.id, reversed))).toEqual(["m0", "m1", "m6", "m7"]);
  });

  it("makes the two sides of such a fork versions of each other, not one conversation", () => {
    const base = session(5, 2);
    const held = sessionRecords(base);
    const onA = appended(
      base,
      message(6, { content: "A asks" }),
      message(7, { content: "A's answer" }),
    );
    const onB = appended(
      base,
      message(8, { content: "B asks" }),
      message(9, { content: "B's answer" }),
    );
    const both = new Map([...sessionRecords(onA, held), ...sessionRecords(onB, held)]);
    const tree = treeOf(assembleSession(base.id, both)?.messages ?? []);
    expect(tree.parent.get("m6")).toBe("m1");
    expect(tree.parent.get("m7")).toBe("m6");
    // Placed after A's answer in the list, B's question still answers m1.
    expect(tree.parent.get("m8")).toBe("m1");
    expect(tree.parent.get("m9")).toBe("m8");
    expect(tree.children.get("m1")).toEqual(["m6", "m8"]);
  });

  it("names no parent that comes later in the list, so a circle of links makes no circle of parents", () => {
    const base = session(6, 2);
    const records = sessionRecords(appended(base, message(2), message(3)));
    const m2 = JSON.parse(records.get(messageKey(base.id, "m2")) ?? "");
    records.set(messageKey(base.id, "m2"), JSON.stringify({ ...m2, after: "m3" }));
    const messages = assembleSession(base.id, records)?.messages ?? [];
    expect(messages.every((m) => m.parentId === undefined)).toBe(true);
  });

  it("keeps messages whose links form a circle (two merges written at once), after the rest", () => {
    const base = session(6, 2);
    const records = sessionRecords(appended(base, message(2), message(3)));
    const m2 = JSON.parse(records.get(messageKey(base.id, "m2")) ?? "");
    records.set(messageKey(base.id, "m2"), JSON.stringify({ ...m2, after: "m3" }));

    expect(ids(assembleSession(base.id, records))).toEqual(["m0", "m1", "m2", "m3"]);
  });

  it("refuses a message stored under another message's key", () => {
    const s = session(7, 2);
    const records = sessionRecords(s);
    records.set(messageKey(s.id, "m1"), records.get(messageKey(s.id, "m0")) ?? "");
    expect(assembleSession(s.id, records)).toBeUndefined();
  });

  it("leaves the shown branch to each device: a leaf picked by hand does not travel, and the list's last message is the leaf", () => {
    const base = session(8, 2);
    const branched = {
      ...appended(base, message(2, { parentId: "m0", content: "another answer" })),
      leafId: "m1",
    };
    const held = sessionRecords(branched);
    expect(held.get(headKey(base.id))).not.toContain("leaf_id");
    const assembled = assembleSession(base.id, held);
    expect(assembled?.messages).toEqual(branched.messages);
    expect(assembled?.leafId).toBeUndefined();
    expect(assembled && leafOf(assembled)).toBe("m2");

    // An answer under the branch picked here: `append` clears the picked leaf.
    const { leafId: _picked, ...rest } = branched;
    const next = appended(rest, message(3, { parentId: "m1" }));
    const records = sessionRecords(next, held);
    const again = assembleSession(base.id, records);
    expect(again?.messages).toEqual(next.messages);
    expect(again && leafOf(again)).toBe("m3");
  });
});
