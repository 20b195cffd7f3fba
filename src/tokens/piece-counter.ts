import { O200K_TOKEN_SPLIT_REGEX } from "gpt-tokenizer/encodingParams/constants";
import { type CountableMessage, messageTokens } from "../core/context/chat-format.ts";

/** How many distinct pieces are remembered before the memory starts again (about 10 MB). */
const MAX_KNOWN = 200_000;

/**
 * Counts texts and messages by o200k_base's pieces, while gpt-tokenizer loads elsewhere.
 *
 * o200k_base first splits a text with one regular expression (gpt-tokenizer's own,
 * `O200K_TOKEN_SPLIT_REGEX`) and then encodes each piece on its own, so a text's count is the sum
 * of its pieces' counts (the piece tests check this against gpt-tokenizer's `countTokens`). Why
 * not just call `countTokens` in one worker: on two cores, loading the 2 MB of ranks takes at
 * least 150 ms and counting a 10,000-message conversation at least 175 ms, one after the other,
 * against a 300 ms budget (docs/performance.md, "Counting tokens"). Here the split, which needs
 * no ranks, runs in this worker while the ranks load in another one; only the distinct pieces
 * (1,532 in the bench's 6.6 million characters) cross to the tokenizer, which counts each once.
 * Splitting with `String.prototype.match` is also about twice as fast as the library's
 * `matchAll` loop, and a small map of pieces is quicker to look up than its 200,000 ranks.
 */
export class PieceCounter {
  private known = new Map<string, number>();
  private readonly asked = new Map<string, Promise<Map<string, number>>>();

  /** `countPieces` counts each piece with the tokenizer, in order; it may take its time. */
  constructor(private readonly countPieces: (pieces: string[]) => Promise<number[]>) {}

  messages(items: readonly CountableMessage[]): Promise<number[]> {
    return this.count(items, (item, text) => messageTokens(item, text));
  }

  texts(items: readonly string[]): Promise<number[]> {
    return this.count(items, (item, text) => text(item));
  }

  /**
   * Counts each item with what is known and notes the pieces that are not; once the tokenizer
   * has counted those, adds them in. Each count is linear in its texts' counts (messageTokens
   * adds them up), so an unknown piece can be added afterwards.
   */
  private async count<T>(
    items: readonly T[],
    measure: (item: T, text: (value: string) => number) => number,
  ): Promise<number[]> {
    if (this.known.size > MAX_KNOWN) this.known = new Map();
    const unknown = new Set<string>();
    const missing: string[][] = [];
    const partial = items.map((item) => {
      const absent: string[] = [];
      missing.push(absent);
      return measure(item, (value) => this.sumKnown(value, absent, unknown));
    });
    if (unknown.size === 0) return partial;
    const answers = await Promise.all(this.ask(unknown));
    const found = new Map<string, number>();
    for (const answer of answers) for (const [piece, n] of answer) found.set(piece, n);
    return partial.map((n, at) => {
      let total = n;
      for (const piece of missing[at] ?? [])
        total += this.known.get(piece) ?? found.get(piece) ?? 0;
      return total;
    });
  }

  /** The tokens of the known pieces of `text`; the others go to `absent` and `unknown`. */
  private sumKnown(text: string, absent: string[], unknown: Set<string>): number {
    const pieces = text.match(O200K_TOKEN_SPLIT_REGEX);
    if (pieces === null) return 0;
    let tokens = 0;
    for (const piece of pieces) {
      const n = this.known.get(piece);
      if (n !== undefined) tokens += n;
      else {
        absent.push(piece);
        unknown.add(piece);
      }
    }
    return tokens;
  }

  /** The answers that will hold `pieces`: asked for once each, however many counts wait. */
  private ask(pieces: Set<string>): Promise<Map<string, number>>[] {
    const waits = new Set<Promise<Map<string, number>>>();
    const fresh: string[] = [];
    for (const piece of pieces) {
      const asked = this.asked.get(piece);
      if (asked) waits.add(asked);
      else fresh.push(piece);
    }
    if (fresh.length > 0) {
      const answer = this.countPieces(fresh).then((counts) => {
        if (counts.length !== fresh.length)
          throw new Error(`the tokenizer gave ${counts.length} counts for ${fresh.length} pieces`);
        const answered = new Map<string, number>();
        fresh.forEach((piece, at) => {
          const n = counts[at] ?? 0;
          answered.set(piece, n);
          this.known.set(piece, n);
        });
        return answered;
      });
      const settle = () => {
        for (const piece of fresh) this.asked.delete(piece);
      };
      answer.then(settle, settle);
      for (const piece of fresh) this.asked.set(piece, answer);
      waits.add(answer);
    }
    return [...waits];
  }
}
