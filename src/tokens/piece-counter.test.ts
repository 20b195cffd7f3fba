import { readFileSync } from "node:fs";
import fc from "fast-check";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { describe, expect, it } from "vitest";
import { loadTokenizer } from "./library-tokenizer.ts";
import { pieceTokenizer } from "./piece-counter.ts";

const file = readFileSync(new URL("./o200k-ranks.bin", import.meta.url));
const ranks = () => file.buffer.slice(file.byteOffset, file.byteOffset + file.length);
const asText = { disallowedSpecial: new Set<string>() };
const library = (text: string) => countTokens(text, asText);

/** Texts made of the parts o200k_base's splitting treats differently. */
const parts = fc.constantFrom(
  "Hello",
  " world",
  "HTTPServer",
  "don't",
  "I'LL",
  " ",
  "   ",
  "\n",
  "\r\n\n",
  "\t",
  "12345",
  "3.14",
  "é",
  "naïve",
  "我们今天去公园",
  "Привет",
  "😀",
  "👩‍💻",
  "<|endoftext|>",
  "```ts",
  "=>",
  "//",
  "\u0301",
  "\ud800",
);
const mixed = fc.oneof(
  fc.array(parts, { maxLength: 30 }).map((list) => list.join("")),
  fc.string({ unit: "binary", maxLength: 60 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
);

describe("the piece counter (o200k_base from the rank file)", () => {
  it("counts every text as gpt-tokenizer's countTokens does", () => {
    const tokenizer = pieceTokenizer(ranks());
    fc.assert(
      fc.property(mixed, (text) => {
        expect(tokenizer.text(text)).toBe(library(text));
      }),
      { numRuns: 500 },
    );
  });

  it("counts a batch, and the same pieces again later, as the library counts each text", () => {
    const tokenizer = pieceTokenizer(ranks());
    fc.assert(
      fc.property(fc.array(mixed, { maxLength: 8 }), (texts) => {
        expect(tokenizer.texts(texts)).toEqual(texts.map(library));
      }),
      { numRuns: 200 },
    );
  });

  it("counts messages, tool calls and empty texts as the library's tokenizer", async () => {
    const whole = await loadTokenizer();
    const call = { name: "calculator", arguments: '{"expression":"(2 + 3) * 7"}' };
    const messages = [
      { role: "system" as const, content: "Be brief." },
      { role: "user" as const, content: "What is (2 + 3) * 7?\n\n```ts\nconst x = 1;\n```" },
      { role: "assistant" as const, content: "", toolCalls: [call, call] },
      { role: "user" as const, content: "" },
    ];
    expect(pieceTokenizer(ranks()).messages(messages)).toEqual(whole.messages(messages));
    expect(pieceTokenizer(ranks()).texts(["", "a"])).toEqual([0, 1]);
  });
});
