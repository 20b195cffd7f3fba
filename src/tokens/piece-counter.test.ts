import fc from "fast-check";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { describe, expect, it } from "vitest";
import { messageTokens } from "../core/context/chat-format.ts";
import { loadCorpora } from "../test/corpora.ts";
import { PieceCounter } from "./piece-counter.ts";
import { loadTokenizer } from "./tokenizer.ts";

const tokenizer = await loadTokenizer();

/** A counter whose pieces the real tokenizer counts, with every request it made. */
function counter(
  answer: (pieces: string[]) => Promise<number[]> = async (p) => p.map(tokenizer.text),
) {
  const asked: string[][] = [];
  const pieces = new PieceCounter((p) => {
    asked.push(p);
    return answer(p);
  });
  return { pieces, asked };
}

// Text a person or a model writes, and what trips a splitter: runs of spaces before words and
// line ends, numbers longer than three digits, contractions, special-token look-alikes, CJK,
// emoji with joiners, combining marks, lone surrogates.
const fragment = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 12 }),
  fc.string({ unit: "binary", maxLength: 6 }),
  fc.constantFrom(
    " ",
    "  ",
    "\t",
    "\n",
    "\r\n",
    "\n\n\n",
    "   \n",
    "'s",
    "'LL",
    "'ve",
    "don't",
    "12345678",
    "<|endoftext|>",
    "<|im_start|>",
    "我们今天",
    "😀",
    "👩‍👩‍👧",
    "e\u0301",
    "\ud800",
    "```ts\n",
    "HTTPRequest",
    "camelCaseWord",
    "x/y/z",
    "a.b.c",
    "--flag=1",
  ),
);
const text = fc.array(fragment, { maxLength: 30 }).map((parts) => parts.join(""));

describe("PieceCounter", () => {
  it("counts any text as gpt-tokenizer's countTokens does, summed by pieces", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(text, { maxLength: 8 }), async (texts) => {
        const { pieces } = counter();
        expect(await pieces.texts(texts)).toEqual(texts.map(tokenizer.text));
      }),
      { numRuns: 300 },
    );
  });

  it("counts the hostile corpora exactly, each text on its own and with pieces known before", async () => {
    const texts = loadCorpora().map((c) => c.text);
    const { pieces } = counter();
    const expected = texts.map((t) => countTokens(t, { disallowedSpecial: new Set() }));
    expect(await pieces.texts(texts)).toEqual(expected);
    expect(await pieces.texts([...texts].reverse())).toEqual([...expected].reverse());
  });

  it("counts messages with tool calls as the tokenizer does", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            role: fc.constantFrom("user" as const, "assistant" as const, "tool" as const),
            content: text,
            toolCalls: fc.option(
              fc.array(fc.record({ name: fc.string({ maxLength: 10 }), arguments: text }), {
                maxLength: 3,
              }),
              { nil: undefined },
            ),
          }),
          { maxLength: 6 },
        ),
        async (messages) => {
          const { pieces } = counter();
          expect(await pieces.messages(messages)).toEqual(
            messages.map((m) => messageTokens(m, tokenizer.text)),
          );
        },
      ),
      { numRuns: 150 },
    );
  });

  it("asks for each distinct piece once, however many counts wait for it", async () => {
    let release = () => {};
    const gate = new Promise<void>((done) => {
      release = done;
    });
    const { pieces, asked } = counter(async (p) => {
      await gate;
      return p.map(tokenizer.text);
    });
    const first = pieces.texts(["hello world", "hello there"]);
    const second = pieces.texts(["hello world again"]);
    release();
    expect(await first).toEqual([tokenizer.text("hello world"), tokenizer.text("hello there")]);
    expect(await second).toEqual([tokenizer.text("hello world again")]);
    expect(asked).toEqual([["hello", " world", " there"], [" again"]]);
    // Known now: counting them again asks nothing.
    expect(await pieces.texts(["hello world there"])).toEqual([
      tokenizer.text("hello world there"),
    ]);
    expect(asked).toHaveLength(2);
  });

  it("fails a count when the tokenizer cannot count, and asks again afterwards", async () => {
    let broken = true;
    const { pieces, asked } = counter(async (p) => {
      if (broken) throw new Error("the ranks did not load");
      return p.map(tokenizer.text);
    });
    await expect(pieces.texts(["hello"])).rejects.toThrow("the ranks did not load");
    broken = false;
    expect(await pieces.texts(["hello"])).toEqual([tokenizer.text("hello")]);
    expect(asked).toEqual([["hello"], ["hello"]]);
  });

  it("refuses an answer that does not hold one count per piece", async () => {
    const { pieces } = counter(async () => [1]);
    await expect(pieces.texts(["two pieces"])).rejects.toThrow("1 counts for 2 pieces");
  });
});
