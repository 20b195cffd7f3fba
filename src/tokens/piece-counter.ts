import { O200K_TOKEN_SPLIT_REGEX } from "gpt-tokenizer/encodingParams/constants";
import { GptEncoding } from "gpt-tokenizer/GptEncoding";
import { RankTable } from "./rank-file.ts";
import { AS_TEXT, type Tokenizer, tokenizerOver } from "./tokenizer.ts";

/** Pieces remembered at most; beyond this the memory starts again (a long session's vocabulary). */
const REMEMBERED = 200_000;

/**
 * Counts texts in o200k_base the way gpt-tokenizer does, piece by piece. The encoding splits a
 * text with one regular expression (the library's own) and encodes each piece alone, so a
 * text's count is the sum of its pieces' counts, and a conversation of millions of pieces has
 * only thousands of distinct ones. Each new piece is counted once: as one token where it is one
 * (the library's first step too), else by gpt-tokenizer's `GptEncoding` made for that batch
 * over just the ranks its new pieces contain
 * ({@link RankTable.gather}): the library still does every byte-pair merge, but never builds
 * its maps of all 200,000 ranks.
 */
export class PieceCounter {
  private readonly known = new Map<string, number>();
  private readonly split = new RegExp(O200K_TOKEN_SPLIT_REGEX.source, "gu");

  constructor(private readonly ranks: RankTable) {}

  /** The count of each text, in order. */
  texts(texts: readonly string[]): number[] {
    const { known, split } = this;
    if (known.size > REMEMBERED) known.clear();
    const sums = texts.map(() => 0);
    const fresh: string[] = [];
    // The pieces of `texts[laterAt[i]]` that were not counted yet: `laterPiece[i]`.
    const laterAt: number[] = [];
    const laterPiece: string[] = [];
    for (let at = 0; at < texts.length; at++) {
      const pieces = (texts[at] as string).match(split);
      if (pieces === null) continue;
      let sum = 0;
      for (let i = 0; i < pieces.length; i++) {
        const piece = pieces[i] as string;
        const tokens = known.get(piece);
        if (tokens !== undefined && tokens >= 0) {
          sum += tokens;
          continue;
        }
        if (tokens === undefined) {
          known.set(piece, -1);
          fresh.push(piece);
        }
        laterAt.push(at);
        laterPiece.push(piece);
      }
      sums[at] = sum;
    }
    // A piece that is a token is one, as the library counts it; only the rest need merging.
    const merged: string[] = [];
    for (const piece of fresh) {
      if (this.ranks.isToken(piece)) known.set(piece, 1);
      else merged.push(piece);
    }
    if (merged.length > 0) this.merge(merged);
    laterAt.forEach((at, i) => {
      sums[at] = (sums[at] as number) + (known.get(laterPiece[i] as string) as number);
    });
    return sums;
  }

  /** Counts pieces that are not tokens themselves, with the library's byte-pair merging. */
  private merge(pieces: readonly string[]): void {
    const found = new Map<number, string | number[]>();
    for (const piece of pieces) this.ranks.gather(piece, found);
    // Merges go by the ranks' order, never their values, and a count needs no token ids: the
    // ranks found, in order and numbered from 0, give the same counts as the 200,000 would, and
    // without the holes that make gpt-tokenizer walk every index up to the highest rank.
    const ranks = [...found.keys()].sort((a, b) => a - b).map((rank) => found.get(rank) ?? "");
    try {
      const encoding = GptEncoding.getEncodingApi("o200k_base", () => ranks);
      for (const piece of pieces) this.known.set(piece, encoding.countTokens(piece, AS_TEXT));
    } catch (error) {
      for (const piece of pieces) this.known.delete(piece);
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
