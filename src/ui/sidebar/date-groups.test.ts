import { describe, expect, it } from "vitest";
import type { SessionSummary } from "../../persistence/repository.ts";
import { dateGroupOf, withDateGroups } from "./date-groups.ts";

const now = new Date(2026, 11, 1, 9, 30);
const local = (month: number, day: number, hour = 12) =>
  new Date(2026, month, day, hour).toISOString();

describe("dateGroupOf", () => {
  it("groups by the reader's calendar days, not by 24-hour spans", () => {
    expect(dateGroupOf(local(11, 1, 0), now)).toBe("today");
    expect(dateGroupOf(local(10, 30, 23), now)).toBe("yesterday");
    expect(dateGroupOf(local(10, 24), now)).toBe("week");
    expect(dateGroupOf(local(10, 20), now)).toBe("older");
  });
});

describe("withDateGroups", () => {
  it("puts a heading on the first of each group, pinned ones first", () => {
    const item = (id: string, updatedAt: string, pinned = false) => ({
      summary: { id, title: id, updatedAt, pinned } as SessionSummary,
    });
    const rows = withDateGroups(
      [
        item("p", local(5, 1), true),
        item("a", local(11, 1, 8)),
        item("b", local(11, 1, 7)),
        item("c", local(10, 30)),
        item("d", local(1, 1)),
      ],
      now,
    );
    expect(rows.map((r) => `${r.heading ?? "-"} ${r.item.summary.id}`)).toEqual([
      "pinned p",
      "today a",
      "- b",
      "yesterday c",
      "older d",
    ]);
  });
});
