import { describe, expect, it } from "vitest";
import { PieceTable } from "./piece-table.ts";

describe("the piece table", () => {
  it("gives each distinct range one entry, found again from any text, as it grows", () => {
    const table = new PieceTable();
    const words = Array.from({ length: 10_000 }, (_, i) => ` w${i.toString(36)}é😀`);
    const first = words.map((word) => table.entry(`>>${word}<<`, 2, 2 + word.length));
    expect(new Set(first).size).toBe(words.length);
    expect(table.size).toBe(words.length);
    words.forEach((word, i) => {
      expect(table.entry(word, 0, word.length)).toBe(first[i]);
      expect(table.piece(first[i] as number)).toBe(word);
    });
    expect(table.entry("ab", 0, 1)).not.toBe(table.entry("ab", 0, 2));
  });

  it("keeps a count per entry, -1 until set, and forgets everything on clear", () => {
    const table = new PieceTable();
    const entry = table.entry("hello", 0, 5);
    expect(table.count(entry)).toBe(-1);
    table.setCount(entry, 2);
    expect(table.count(table.entry("say hello", 4, 9))).toBe(2);
    table.clear();
    expect(table.size).toBe(0);
    expect(table.count(table.entry("hello", 0, 5))).toBe(-1);
  });
});
