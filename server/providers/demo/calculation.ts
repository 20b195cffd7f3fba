/** An operation applied to the previous result, e.g. `times 4` → `{ symbol: "*", operand: 4 }`. */
export interface FollowUp {
  symbol: "+" | "-" | "*" | "/";
  operand: number;
}

/** What the user asked to compute: an optional first expression, then operations on its result. */
export interface Calculation {
  start: string | null;
  followUps: FollowUp[];
}

const NUMBER = "-?\\d+(?:\\.\\d+)?";
const FOLLOW_UP = new RegExp(
  `(times|multiplied by|multiply (?:it |that |the result )?by|乘以|乘|plus|add|加上|加|minus|subtract|减去|减|divided by|divide (?:it |that |the result )?by|除以)\\s*(${NUMBER})`,
  "giu",
);

type Kind = "num" | "op" | "open" | "close" | "space" | "other";
interface Token {
  kind: Kind;
  start: number;
  end: number;
}

const OPERATORS = new Set(["-", "+", "*", "/", "^", "%", "×", "÷"]);
const isDigit = (c: string | undefined) => c !== undefined && c >= "0" && c <= "9";
const isSpace = (c: string | undefined) => c !== undefined && /\s/u.test(c);

/** Splits text into numbers, operators, runs of `(`, `)` or white space, and anything else. */
function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    const start = i;
    let kind: Kind;
    if (isDigit(c)) {
      kind = "num";
      while (isDigit(text[i])) i += 1;
      if (text[i] === "." && isDigit(text[i + 1])) {
        i += 1;
        while (isDigit(text[i])) i += 1;
      }
    } else if (c === "(" || c === ")") {
      kind = c === "(" ? "open" : "close";
      while (text[i] === c) i += 1;
    } else if (isSpace(c)) {
      kind = "space";
      while (isSpace(text[i])) i += 1;
    } else {
      kind = c !== undefined && OPERATORS.has(c) ? "op" : "other";
      i += 1;
    }
    tokens.push({ kind, start, end: i });
  }
  return tokens;
}

/**
 * The first arithmetic expression among the tokens (`-(2+3)*4`, `2 + 3`): a number, then one or
 * more operator and number pairs, with parentheses and a minus sign where they may be. Each try
 * looks at a bounded number of tokens before it fails, so the search is linear in the text.
 */
function firstExpression(text: string, tokens: Token[]): { start: number; end: number } | null {
  const is = (t: number, kind: Kind, char?: string) =>
    tokens[t]?.kind === kind && (char === undefined || text[tokens[t]?.start ?? 0] === char);
  const operand = (t: number, minusFirst: boolean): number | null => {
    let at = t;
    if (minusFirst && is(at, "op", "-")) at += 1;
    if (is(at, "open")) at += 1;
    if (!minusFirst && is(at, "op", "-")) at += 1;
    if (!is(at, "num")) return null;
    at += 1;
    return is(at, "close") ? at + 1 : at;
  };
  for (let t = 0; t < tokens.length; t += 1) {
    let at = operand(t, true);
    if (at === null) continue;
    let groups = 0;
    for (;;) {
      let next = at;
      if (is(next, "space")) next += 1;
      if (!is(next, "op")) break;
      next += 1;
      if (is(next, "space")) next += 1;
      const after = operand(next, false);
      if (after === null) break;
      at = after;
      groups += 1;
    }
    const first = tokens[t];
    const last = tokens[at - 1];
    if (groups > 0 && first && last) return { start: first.start, end: last.end };
  }
  return null;
}

function symbolOf(word: string): FollowUp["symbol"] {
  const w = word.toLowerCase();
  if (w.startsWith("times") || w.startsWith("multipl") || w.startsWith("乘")) return "*";
  if (w.startsWith("plus") || w.startsWith("add") || w.startsWith("加")) return "+";
  if (w.startsWith("minus") || w.startsWith("subtract") || w.startsWith("减")) return "-";
  return "/";
}

/** Finds arithmetic in a message (`What is 2+3, then times 4?`, `再加 10 是多少`), or null. */
export function findCalculation(text: string): Calculation | null {
  const match = firstExpression(text, tokenize(text));
  const start = match
    ? text.slice(match.start, match.end).replace(/×/gu, "*").replace(/÷/gu, "/").trim()
    : null;
  const rest = match ? text.slice(match.end) : text;
  const followUps: FollowUp[] = [];
  for (const m of rest.matchAll(FOLLOW_UP)) {
    followUps.push({ symbol: symbolOf(m[1] ?? ""), operand: Number(m[2]) });
  }
  if (start === null && followUps.length === 0) return null;
  return { start, followUps };
}

/** The expression that applies a follow-up to a value: `5` and `times 4` give `5*4`. */
export function applyFollowUp(value: number, followUp: FollowUp): string {
  const left = value < 0 ? `(${value})` : String(value);
  const right = followUp.operand < 0 ? `(${followUp.operand})` : String(followUp.operand);
  return `${left}${followUp.symbol}${right}`;
}
