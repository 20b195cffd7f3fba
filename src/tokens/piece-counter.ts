import { GptEncoding } from "gpt-tokenizer/GptEncoding";
import { O200kSplitter } from "./o200k-split.ts";
import { PieceTable } from "./piece-table.ts";
import { RankTable } from "./rank-file.ts";
import { AS_TEXT, type Tokenizer, tokenizerOver } from "./tokenizer.ts";

/** Pieces remembered at most; beyond this the memory starts again (a long session's vocabulary). */
const REMEMBERED = 200_000;

/**
 * Counts texts in o200k_base the way gpt-tokenizer does, piece by piece. The encoding splits a
 * text with one regular expression (here {@link O200kSplitter}, the same split without making
 * the pieces) and encodes each piece alone, so a text's count is the sum of its pieces' counts,
 * and a conversation of millions of pieces has only thousands of distinct ones
 * ({@link PieceTable}). Each new piece is counted once: as one token where it is one (the
 * library's first step too), else by gpt-tokenizer's `GptEncoding` made for that batch over
 * just the ranks its new pieces contain ({@link RankTable.gather}): the library still does
 * every byte-pair merge, but never builds its maps of all 200,000 ranks.
 */
export class PieceCounter {
  private readonly known = new PieceTable();
  private readonly splitter = new O200kSplitter();

  constructor(private readonly ranks: RankTable) {}

  /** The count of each text, in order. */
  texts(texts: readonly string[]): number[] {
    const { known, splitter } = this;
    if (known.size > REMEMBERED) known.clear();
    const before = known.size;
    const sums = texts.map(() => 0);
    // The pieces of `texts[laterAt[i]]` that were not counted yet: entry `laterEntry[i]`.
    const laterAt: number[] = [];
    const laterEntry: number[] = [];
    for (let at = 0; at < texts.length; at++) {
      const text = texts[at] as string;
      let sum = 0;
      for (let start = 0; start < text.length; ) {
        const end = splitter.end(text, start);
        const entry = known.entry(text, start, end);
        const tokens = known.count(entry);
        if (tokens >= 0) sum += tokens;
        else {
          laterAt.push(at);
          laterEntry.push(entry);
        }
        start = end;
      }
      sums[at] = sum;
    }
    // A piece that is a token is one, as the library counts it; only the rest need merging.
    const merged: number[] = [];
    for (let entry = before; entry < known.size; entry++) {
      if (this.ranks.isToken(known.piece(entry))) known.setCount(entry, 1);
      else merged.push(entry);
    }
    if (merged.length > 0) this.merge(merged);
    laterAt.forEach((at, i) => {
      sums[at] = (sums[at] as number) + known.count(laterEntry[i] as number);
    });
    return sums;
  }

  /** Counts pieces that are not tokens themselves, with the library's byte-pair merging. */
  private merge(entries: readonly number[]): void {
    const { known } = this;
    const pieces = entries.map((entry) => known.piece(entry));
    const found = new Map<number, string | number[]>();
    for (const piece of pieces) this.ranks.gather(piece, found);
    // Merges go by the ranks' order, never their values, and a count needs no token ids: the
    // ranks found, in order and numbered from 0, give the same counts as the 200,000 would, and
    // without the holes that make gpt-tokenizer walk every index up to the highest rank.
    const ranks = [...found.keys()].sort((a, b) => a - b).map((rank) => found.get(rank) ?? "");
    try {
      const encoding = GptEncoding.getEncodingApi("o200k_base", () => ranks);
      entries.forEach((entry, i) => {
        known.setCount(entry, encoding.countTokens(pieces[i] as string, AS_TEXT));
      });
    } catch (error) {
      // Pieces left uncounted would stay so: start the table again rather than keep them.
      known.clear();
      throw error;
    }
  }
}

/**
 * The token worker's tokenizer: o200k_base from its ranks as data (`rank-file.ts`), counted
 * piece by piece; the same counts as gpt-tokenizer's own module of ranks, which it never loads.
 */
export function pieceTokenizer(ranks: ArrayBuffer): Tokenizer {
  const counter = new PieceCounter(new RankTable(ranks));
  return tokenizerOver((texts) => counter.texts(texts));
}
