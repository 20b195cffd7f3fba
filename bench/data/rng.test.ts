import { describe, expect, test } from "vitest";
import { createRng } from "./rng.ts";

describe("createRng", () => {
  test("the same seed gives the same sequence, another seed another one", () => {
    const a = createRng(42);
    const b = createRng(42);
    const c = createRng(43);
    const seqA = Array.from({ length: 20 }, () => a.next());
    expect(Array.from({ length: 20 }, () => b.next())).toEqual(seqA);
    expect(Array.from({ length: 20 }, () => c.next())).not.toEqual(seqA);
  });

  test("values stay in their ranges and cover them", () => {
    const rng = createRng(7);
    const ints = Array.from({ length: 2000 }, () => rng.int(1, 6));
    expect(Math.min(...ints)).toBe(1);
    expect(Math.max(...ints)).toBe(6);
    for (let i = 0; i < 1000; i++) {
      const x = rng.next();
      expect(x >= 0 && x < 1).toBe(true);
    }
  });

  test("hex gives lowercase hex of the asked length", () => {
    const rng = createRng(1);
    for (const n of [1, 8, 12, 32]) expect(rng.hex(n)).toMatch(new RegExp(`^[0-9a-f]{${n}}$`));
  });

  test("pick refuses an empty list", () => {
    expect(() => createRng(1).pick([])).toThrow("non-empty");
  });
});
