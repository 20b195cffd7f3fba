import { readFileSync } from "node:fs";
import fc from "fast-check";
import { O200K_TOKEN_SPLIT_REGEX } from "gpt-tokenizer/encodingParams/constants";
import { describe, expect, it } from "vitest";
import { O200kSplitter } from "./o200k-split.ts";

const library = (text: string) =>
  text.match(new RegExp(O200K_TOKEN_SPLIT_REGEX.source, "gu")) ?? [];

function scanned(splitter: O200kSplitter, text: string): string[] {
  const pieces: string[] = [];
  for (let at = 0; at < text.length; ) {
    const end = splitter.end(text, at);
    if (end <= at) throw new Error(`no progress at ${at}`);
    pieces.push(text.slice(at, end));
    at = end;
  }
  return pieces;
}

/** Characters of every class the expression tells apart, and its contractions. */
const parts = fc.constantFrom(
  ..."aZ'sStTdDmMlLvVrReE019 \t\n\r\v\f/!?.,-_`\"()[]{}<>#*+=|\\~@$%^&;:".split(""),
  "'ll",
  "'LL",
  "'lL",
  "'ve",
  "'RE",
  "\u00a0",
  "\u2003",
  "\u3000",
  "\ufeff",
  "\u2028",
  "\u0085",
  "é",
  "É",
  "ǅ",
  "ʰ",
  "ß",
  "我",
  "\u0301",
  "\u0903",
  "\u20dd",
  "٣",
  "Ⅻ",
  "½",
  "𝟘",
  "𝐀",
  "𝐚",
  "😀",
  "👩‍💻",
  "\ud800",
  "\udfff",
  "\u0000",
  "\u200b",
);

const texts = fc.oneof(
  fc.array(parts, { maxLength: 40 }).map((list) => list.join("")),
  fc.string({ unit: "binary", maxLength: 80 }),
  fc.string({ unit: "binary-ascii", maxLength: 80 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
);

const corpus = (name: string) =>
  readFileSync(new URL(`../../fixtures/corpora/${name}`, import.meta.url), "utf8");

describe("the o200k scanner", () => {
  it("splits random text exactly as gpt-tokenizer's o200k expression", () => {
    const splitter = new O200kSplitter();
    fc.assert(
      fc.property(texts, (text) => {
        expect(scanned(splitter, text)).toEqual(library(text));
      }),
      { numRuns: 3000 },
    );
  });

  it("splits every code point beside letters, spaces, numbers, symbols and marks as the expression", () => {
    const splitter = new O200kSplitter();
    const around = (c: string) => `${c}${c} ${c}a${c}A${c}1${c}\n${c}!${c}\u0301${c}'s ${c}\t`;
    // Every code point up to the third plane, then a sample of the rest (unassigned or private).
    for (let from = 0; from < 0x110000; from += 0x1000) {
      let text = "";
      for (let cp = from; cp < from + 0x1000; cp += from < 0x30000 ? 1 : 61)
        text += around(String.fromCodePoint(cp));
      expect(scanned(splitter, text).join("|")).toBe(library(text).join("|"));
    }
  });

  it("splits the hostile corpora as the expression", () => {
    const splitter = new O200kSplitter();
    for (const name of [
      "dompurify-payloads.jsonl",
      "owasp-xss-filter-evasion.json",
      "payloadsallthethings-xss-polyglots.txt",
      "markdown-it-xss.json",
      "event-handler-attributes.txt",
    ]) {
      const text = corpus(name);
      expect(scanned(splitter, text)).toEqual(library(text));
    }
  });
});
