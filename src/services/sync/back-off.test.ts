import { describe, expect, it } from "vitest";
import { backOff, MAX_BACK_OFF_MS } from "./back-off.ts";

/** The waits PouchDB would take over `tries` failed tries, each given the one before. */
function waits(tries: number, random: () => number): number[] {
  const out: number[] = [];
  let last = 0;
  for (let i = 0; i < tries; i++) {
    last = backOff(last, random);
    out.push(last);
  }
  return out;
}

describe("backOff", () => {
  it("starts within a second, and grows while the server stays away", () => {
    for (const random of [() => 0, () => 0.5, () => 1]) {
      const seen = waits(6, random);
      expect(seen[0]).toBeGreaterThanOrEqual(750);
      expect(seen[0]).toBeLessThanOrEqual(1_000);
      for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThan(seen[i - 1] as number);
    }
  });

  it("never waits longer than the cap, however long the server is away", () => {
    for (const random of [() => 0, () => 0.999, () => 1]) {
      const seen = waits(40, random);
      expect(Math.max(...seen)).toBeLessThanOrEqual(MAX_BACK_OFF_MS);
      expect(seen.at(-1)).toBeGreaterThanOrEqual(MAX_BACK_OFF_MS * 0.75);
    }
  });
});
