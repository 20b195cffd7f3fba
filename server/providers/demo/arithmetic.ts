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
const EXPRESSION = new RegExp(
  `-?\\(*\\d+(?:\\.\\d+)?\\)*(?:\\s*[-+*/^%×÷]\\s*\\(*${NUMBER}\\)*)+`,
  "u",
);
const FOLLOW_UP = new RegExp(
  `(times|multiplied by|multiply (?:it |that |the result )?by|乘以|乘|plus|add|加上|加|minus|subtract|减去|减|divided by|divide (?:it |that |the result )?by|除以)\\s*(${NUMBER})`,
  "giu",
);

function symbolOf(word: string): FollowUp["symbol"] {
  const w = word.toLowerCase();
  if (w.startsWith("times") || w.startsWith("multipl") || w.startsWith("乘")) return "*";
  if (w.startsWith("plus") || w.startsWith("add") || w.startsWith("加")) return "+";
  if (w.startsWith("minus") || w.startsWith("subtract") || w.startsWith("减")) return "-";
  return "/";
}

/** Finds arithmetic in a message (`What is 2+3, then times 4?`, `再加 10 是多少`), or null. */
export function findCalculation(text: string): Calculation | null {
  const match = EXPRESSION.exec(text);
  const start = match ? match[0].replace(/×/gu, "*").replace(/÷/gu, "/").trim() : null;
  const rest = match ? text.slice(match.index + match[0].length) : text;
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

type Token = { kind: "num"; value: number } | { kind: "op"; value: string };

function tokenize(expression: string): Token[] {
  const tokens: Token[] = [];
  const re = /\s*(?:(\d+(?:\.\d+)?)|([-+*/%^()]))/gy;
  let m: RegExpExecArray | null = re.exec(expression);
  let end = 0;
  while (m !== null) {
    end = re.lastIndex;
    if (m[1] !== undefined) tokens.push({ kind: "num", value: Number(m[1]) });
    else tokens.push({ kind: "op", value: m[2] ?? "" });
    m = re.exec(expression);
  }
  if (expression.slice(end).trim() !== "")
    throw new Error(`cannot read "${expression.slice(end).trim()}"`);
  return tokens;
}

/** Evaluates `+ - * / % ^` and parentheses without `eval`; throws with a readable message. */
export function evaluate(expression: string): number {
  const tokens = tokenize(expression);
  let i = 0;
  const peek = () => tokens[i];
  const isOp = (v: string) => peek()?.kind === "op" && peek()?.value === v;
  const primary = (): number => {
    const t = tokens[i++];
    if (!t) throw new Error("the expression ends too early");
    if (t.kind === "num") return t.value;
    if (t.value === "-") return -power();
    if (t.value === "+") return power();
    if (t.value === "(") {
      const v = sum();
      if (!isOp(")")) throw new Error("a closing parenthesis is missing");
      i += 1;
      return v;
    }
    throw new Error(`unexpected "${t.value}"`);
  };
  const power = (): number => {
    const base = primary();
    if (isOp("^")) {
      i += 1;
      return base ** power();
    }
    return base;
  };
  const product = (): number => {
    let v = power();
    while (isOp("*") || isOp("/") || isOp("%")) {
      const op = tokens[i++]?.value;
      const r = power();
      if ((op === "/" || op === "%") && r === 0) throw new Error("division by zero");
      v = op === "*" ? v * r : op === "/" ? v / r : v % r;
    }
    return v;
  };
  const sum = (): number => {
    let v = product();
    while (isOp("+") || isOp("-")) {
      const op = tokens[i++]?.value;
      const r = product();
      v = op === "+" ? v + r : v - r;
    }
    return v;
  };
  const value = sum();
  if (i < tokens.length) throw new Error(`unexpected "${tokens[i]?.value}"`);
  return value;
}
