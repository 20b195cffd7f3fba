import { describe, expect, it } from "vitest";
import { appended, message, session } from "../../test/persistence-builders.ts";
import { headKey, messageKey, sessionRecords } from "./sync-records.ts";

const changedKeys = (before: Map<string, string>, after: Map<string, string>) =>
  [...after].filter(([key, json]) => before.get(key) !== json).map(([key]) => key);

describe("sessionRecords", () => {
  it("writes an appended message's document alone, though the session's time moved", () => {
    const before = session(1, 4);
    const held = sessionRecords(before);
    const after = { ...appended(before, message(4)), updatedAt: "2026-12-02T03:00:00.000Z" };

    expect(changedKeys(held, sessionRecords(after, held))).toEqual([messageKey(before.id, "m4")]);
  });

  it("writes the head again when the session's own fields change, with the newest time and last message", () => {
    const before = session(1, 4);
    const held = sessionRecords(before);
    const renamed = { ...appended(before, message(4)), title: "Renamed" };

    const records = sessionRecords(renamed, held);
    expect(changedKeys(held, records)).toEqual([headKey(before.id), messageKey(before.id, "m4")]);
    expect(JSON.parse(records.get(headKey(before.id)) ?? "")).toMatchObject({
      head: { title: "Renamed" },
      last: "m4",
    });
  });

  it("writes the head again when the message it names as last is gone", () => {
    const before = session(1, 3);
    const held = sessionRecords(before);
    const cut = { ...before, messages: before.messages.slice(0, 2) };

    expect(changedKeys(held, sessionRecords(cut, held))).toEqual([headKey(before.id)]);
  });
});
