/**
 * o200k_base's pre-tokenisation, gpt-tokenizer's `O200K_TOKEN_SPLIT_REGEX`, as a scanner that
 * gives where each piece ends instead of the piece itself. Written by hand because it was
 * measured (docs/performance.md, "The split without substrings"): over the bench's 6.6 million
 * characters the library's expression (`match`) and a `Map` lookup of each of its 1.4 million
 * substrings took 84 to 90 ms of CPU in Node, this scanner and `piece-table.ts` 62 to 73 ms,
 * and a fresh Chromium worker's cold and warm count 382 to 407 ms of CPU before, 224 to 241 ms
 * after. Each code point's class comes from the engine's own Unicode property escapes, asked
 * once per code point, so the scanner agrees with the expression under whatever Unicode version
 * the engine has; `o200k-split.test.ts` checks the two agree on random and hostile text.
 *
 * The expression, its alternatives in the order a backtracking engine tries them:
 * 1. `[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+('s|'t|…)?`
 * 2. `[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*('s|'t|…)?`
 * 3. `\p{N}{1,3}`
 * 4. ` ?[^\s\p{L}\p{N}]+[\r\n/]*`
 * 5. `\s*[\r\n]+`, 6. `\s+(?!\S)`, 7. `\s+`
 * Every code point starts a match of one of them, so the pieces cover the text end to end.
 */

/** In the first set of letters: Lu, Lt, Lm, Lo, M. */
const UPPER = 1;
/** In the second set of letters: Ll, Lm, Lo, M. */
const LOWER = 2;
/** May be the one character before letters: not \r, \n, a letter (\p{L}) or a number. */
const PREFIX = 4;
const NUMBER = 8;
const SPACE = 16;
const NEWLINE = 32;
/** U+0020, the only character alternative 4 takes before its run. */
const BLANK = 64;
/** Alternative 4's run: neither \s, nor \p{L}, nor \p{N}. */
const SYMBOL = 128;

const CLASS_TESTS = {
  upper: /[\p{Lu}\p{Lt}]/u,
  lower: /\p{Ll}/u,
  letter: /\p{L}/u,
  mark: /\p{M}/u,
  number: /\p{N}/u,
  space: /\s/u,
};

function classify(codePoint: number): number {
  const c = String.fromCodePoint(codePoint);
  const t = CLASS_TESTS;
  if (t.upper.test(c)) return UPPER;
  if (t.lower.test(c)) return LOWER;
  if (t.letter.test(c)) return UPPER | LOWER;
  if (t.mark.test(c)) return UPPER | LOWER | PREFIX | SYMBOL;
  if (t.number.test(c)) return NUMBER;
  if (c === "\r" || c === "\n") return SPACE | NEWLINE;
  if (c === " ") return SPACE | PREFIX | BLANK;
  if (t.space.test(c)) return SPACE | PREFIX;
  return PREFIX | SYMBOL;
}

const APOSTROPHE = 0x27;
const SLASH = 0x2f;
const CR = 0x0d;
const LF = 0x0a;
const lower = (unit: number) => unit | 0x20;

/**
 * Splits texts as o200k_base does. Each code point's class is worked out once and kept
 * (1.1 MB, most of it never touched), so text of any script costs an array read per code point.
 */
export class O200kSplitter {
  private readonly classes = new Uint8Array(0x110000);

  constructor() {
    for (let c = 0; c < 128; c++) this.classes[c] = classify(c);
  }

  /** The end of the piece that starts at `start` (< text.length). */
  end(text: string, start: number): number {
    const end = this.asciiEnd(text, start);
    return end >= 0 ? end : this.anyEnd(text, start);
  }

  /**
   * The same for a piece of ASCII characters whose end is decided by an ASCII character (or
   * the text's end), -1 as soon as it meets another; most text in a chat is this. In ASCII the
   * two letter alternatives both come down to capitals, then small letters, then a contraction.
   */
  private asciiEnd(text: string, start: number): number {
    const { classes } = this;
    const n = text.length;
    let c = text.charCodeAt(start);
    if (c >= 128) return -1;
    let k = classes[c] as number;
    let at = start;
    if (k & PREFIX && start + 1 < n) {
      c = text.charCodeAt(start + 1);
      if (c >= 128) return -1;
      const next = classes[c] as number;
      if (next & (UPPER | LOWER)) {
        at = start + 1;
        k = next;
      } else if (k & BLANK && next & SYMBOL) at = start + 1;
    }
    if (k & (UPPER | LOWER)) {
      for (; at < n; at++) {
        c = text.charCodeAt(at);
        if (c >= 128) return -1;
        if (!((classes[c] as number) & UPPER)) break;
      }
      for (; at < n; at++) {
        c = text.charCodeAt(at);
        if (c >= 128) return -1;
        if (!((classes[c] as number) & LOWER)) break;
      }
      return contraction(text, at);
    }
    if (k & NUMBER) {
      const last = Math.min(n, start + 3);
      for (; at < last; at++) {
        c = text.charCodeAt(at);
        if (c >= 128) return -1;
        if (!((classes[c] as number) & NUMBER)) break;
      }
      return at;
    }
    if (k & SYMBOL || at > start) {
      for (; at < n; at++) {
        c = text.charCodeAt(at);
        if (c >= 128) return -1;
        if (!((classes[c] as number) & SYMBOL)) break;
      }
      for (; at < n; at++) {
        c = text.charCodeAt(at);
        if (c !== CR && c !== LF && c !== SLASH) break;
      }
      return at;
    }
    let lastNewline = -1;
    for (; at < n; at++) {
      c = text.charCodeAt(at);
      if (c >= 128) return -1;
      const space = classes[c] as number;
      if (!(space & SPACE)) break;
      if (space & NEWLINE) lastNewline = at;
    }
    if (lastNewline >= 0) return lastNewline + 1;
    return at === n || at - start < 2 ? at : at - 1;
  }

  /** The end of any piece, in code points of any class. */
  private anyEnd(text: string, start: number): number {
    const n = text.length;
    const first = this.classAt(text, start);
    if (first & PREFIX) {
      const next = start + width(text, start);
      if (next < n) {
        const letters = this.lettersFirst(text, next);
        if (letters >= 0) return letters;
      }
      // A mark is a letter of both sets, so without the prefix the first alternative takes it.
      if (first & LOWER) return this.lettersFirst(text, start);
      if (next < n) {
        const capitals = this.lettersSecond(text, next);
        if (capitals >= 0) return capitals;
      }
    } else if (first & (UPPER | LOWER)) {
      const letters = this.lettersFirst(text, start);
      return letters >= 0 ? letters : this.lettersSecond(text, start);
    }
    if (first & NUMBER) return this.numbers(text, start);
    if (first & BLANK && start + 1 < n && this.classAt(text, start + 1) & SYMBOL)
      return this.symbols(text, start + 1);
    if (first & SYMBOL) return this.symbols(text, start);
    return this.spaces(text, start);
  }

  private classAt(text: string, at: number): number {
    const codePoint = text.codePointAt(at) as number;
    return this.classes[codePoint] || this.learn(codePoint);
  }

  private learn(codePoint: number): number {
    const c = classify(codePoint);
    this.classes[codePoint] = c;
    return c;
  }

  /** Alternative 1 from `start`: the end, or -1 where it does not match. */
  private lettersFirst(text: string, start: number): number {
    const n = text.length;
    let at = start;
    // Where the greedy first set would give back to let the second set end the match.
    let lastLower = -1;
    while (at < n) {
      const c = this.classAt(text, at);
      if (!(c & UPPER)) break;
      at += width(text, at);
      if (c & LOWER) lastLower = at;
    }
    if (at < n && this.classAt(text, at) & LOWER) {
      while (at < n && this.classAt(text, at) & LOWER) at += width(text, at);
      return contraction(text, at);
    }
    return lastLower < 0 ? -1 : contraction(text, lastLower);
  }

  /** Alternative 2 from `start`: the end, or -1 where it does not match. */
  private lettersSecond(text: string, start: number): number {
    const n = text.length;
    let at = start;
    while (at < n && this.classAt(text, at) & UPPER) at += width(text, at);
    if (at === start) return -1;
    while (at < n && this.classAt(text, at) & LOWER) at += width(text, at);
    return contraction(text, at);
  }

  /** Alternative 3: up to three numbers. */
  private numbers(text: string, start: number): number {
    let at = start;
    for (let i = 0; i < 3 && at < text.length && this.classAt(text, at) & NUMBER; i++)
      at += width(text, at);
    return at;
  }

  /** Alternative 4 from its run's first character. */
  private symbols(text: string, start: number): number {
    const n = text.length;
    let at = start;
    while (at < n && this.classAt(text, at) & SYMBOL) at += width(text, at);
    for (let unit = text.charCodeAt(at); unit === CR || unit === LF || unit === SLASH; ) {
      at++;
      unit = text.charCodeAt(at);
    }
    return at;
  }

  /** Alternatives 5 to 7 (every \s character is one UTF-16 unit). */
  private spaces(text: string, start: number): number {
    const n = text.length;
    let at = start;
    let lastNewline = -1;
    while (at < n) {
      const c = this.classAt(text, at);
      if (!(c & SPACE)) break;
      if (c & NEWLINE) lastNewline = at;
      at++;
    }
    if (lastNewline >= 0) return lastNewline + 1;
    return at === n || at - start < 2 ? at : at - 1;
  }
}

/** UTF-16 units of the code point at `at`. */
function width(text: string, at: number): number {
  return (text.codePointAt(at) as number) > 0xffff ? 2 : 1;
}

/** The end after the optional `'s`, `'t`, `'re`, `'ve`, `'m`, `'ll`, `'d` (either case). */
function contraction(text: string, at: number): number {
  if (text.charCodeAt(at) !== APOSTROPHE) return at;
  const a = lower(text.charCodeAt(at + 1));
  if (a === 0x73 || a === 0x64 || a === 0x6d || a === 0x74) return at + 2;
  const b = lower(text.charCodeAt(at + 2));
  if ((a === 0x6c && b === 0x6c) || ((a === 0x76 || a === 0x72) && b === 0x65)) return at + 3;
  return at;
}
