import { describe, expect, it } from "vitest";
import { localRecords, mergedValues, type SyncedSet, setKey } from "./synced-sets.ts";

function memorySet(values: Record<string, string>): SyncedSet {
  return {
    prefix: "s",
    values: () => new Map(Object.entries(values)),
    subscribe: () => () => {},
    apply: async () => {},
  };
}

const record = (value: string, at: number) => JSON.stringify({ value, at });

describe("synced sets", () => {
  it("keeps a held value's time, stamps a changed one now, and an unsent one 0 when asked", () => {
    const set = memorySet({ theme: '"dark"', locale: '"zh"', agent: '"Poet"' });
    const held = new Map([
      [setKey(set, "theme"), record('"dark"', 5)],
      [setKey(set, "locale"), record('"en"', 5)],
    ]);
    const records = localRecords(set, held, true, 100);
    expect(records.get(setKey(set, "theme"))).toBe(record('"dark"', 5));
    expect(records.get(setKey(set, "locale"))).toBe(record('"zh"', 100));
    expect(records.get(setKey(set, "agent"))).toBe(record('"Poet"', 0));
    expect(localRecords(set, held, false, 100).get(setKey(set, "agent"))).toBe(
      record('"Poet"', 100),
    );
  });

  it("stamps an unsent default -1, so it loses to a choice made before sync was on", () => {
    const set = { ...memorySet({ theme: '"system"' }), defaults: new Map([["theme", '"system"']]) };
    const key = setKey(set, "theme");
    expect(localRecords(set, new Map(), true, 100).get(key)).toBe(record('"system"', -1));
    const local = localRecords(set, new Map(), true, 100);
    expect(mergedValues(set, local, key, record('"dark"', 0))?.get("theme")).toBe('"dark"');
  });

  it("takes a later change from another device, keeps a later one of its own, and breaks ties the same way on both", () => {
    const set = memorySet({ theme: '"light"' });
    const key = setKey(set, "theme");
    const local = new Map([[key, record('"light"', 50)]]);
    expect(mergedValues(set, local, key, record('"dark"', 60))?.get("theme")).toBe('"dark"');
    expect(mergedValues(set, local, key, record('"dark"', 40))).toBeUndefined();
    // A tie: the larger value wins wherever it is compared.
    expect(mergedValues(set, local, key, record('"system"', 50))?.get("theme")).toBe('"system"');
    const other = new Map([[key, record('"system"', 50)]]);
    expect(mergedValues(memorySet({ theme: '"system"' }), other, key, record('"light"', 50))).toBe(
      undefined,
    );
  });

  it("removes a name deleted on another device, and ignores a record it cannot read", () => {
    const set = memorySet({ Poet: "{}", Critic: "{}" });
    const key = setKey(set, "Poet");
    expect([...(mergedValues(set, new Map(), key, undefined)?.keys() ?? [])]).toEqual(["Critic"]);
    expect(mergedValues(set, new Map(), key, "not json")).toBeUndefined();
    expect(mergedValues(set, new Map(), key, JSON.stringify({ value: 1 }))).toBeUndefined();
  });
});
