import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import ranks from "gpt-tokenizer/bpeRanks/o200k_base";
import { describe, expect, it } from "vitest";
import { RankTable, writeRankFile } from "./rank-file.ts";

const FILE = fileURLToPath(new URL("./o200k-ranks.bin", import.meta.url));

describe("the rank file", () => {
  it("holds gpt-tokenizer's o200k_base ranks (npm run token-ranks writes it again)", () => {
    const written = writeRankFile(ranks);
    if (process.env.UPDATE_RANKS) writeFileSync(FILE, written);
    expect(Buffer.compare(readFileSync(FILE), written)).toBe(0);
  });

  it("finds every token inside a piece, as gpt-tokenizer holds it, and nothing else", () => {
    const file = readFileSync(FILE);
    const table = new RankTable(file.buffer.slice(file.byteOffset, file.byteOffset + file.length));
    const found = new Map<number, string | number[]>();
    table.gather(" hello", found);
    expect([...found.keys()]).toEqual(
      expect.arrayContaining([" hello", "h", "ell", " "].map((t) => ranks.indexOf(t))),
    );
    for (const [rank, token] of found) {
      expect(token).toEqual(ranks[rank]);
      expect(" hello").toContain(token);
    }
    const bytes = new Map<number, string | number[]>();
    table.gather("é", bytes);
    // "é" is two bytes; each alone is not UTF-8, so gpt-tokenizer holds it as bytes.
    expect([...bytes.values()]).toContainEqual([0xc3]);
    expect([...bytes.values()]).toContain("é");
    expect(bytes.size).toBe(3);
  });

  it("refuses a damaged file", () => {
    const written = writeRankFile(["a", "b"]);
    expect(() => new RankTable(written.slice(0, written.length - 1).buffer)).toThrow("damaged");
  });
});
