/** Longest expression the calculator reads, in characters. */
export const MAX_EXPRESSION_LENGTH = 1000;
/** Deepest nesting of parentheses, signs and powers the calculator reads. */
export const MAX_EXPRESSION_DEPTH = 64;

export type ArithmeticResult = { ok: true; value: number } | { ok: false; error: string };

type Token = { kind: "number"; value: number; at: number } | { kind: "op"; op: string; at: number };

class ArithmeticError extends Error {}

/**
 * Evaluates `+ - * / % ^`, parentheses, unary signs, decimals and exponent notation
 * (`1.5e3`) by recursive descent; never through `eval` or `Function`. `^` binds tighter than
 * a leading minus and groups to the right (`-2^2` is -4, `2^3^2` is 512); `%` is the remainder
 * with the sign of the dividend. Non-integer results are rounded to 15 significant digits,
 * so `0.1+0.2` gives 0.3.
 */
export function evaluateArithmetic(expression: string): ArithmeticResult {
  if (expression.length > MAX_EXPRESSION_LENGTH)
    return {
      ok: false,
      error: `the expression is longer than ${MAX_EXPRESSION_LENGTH} characters`,
    };
  try {
    const parser = new Parser(tokenize(expression));
    const value = parser.parseAll();
    const tidy = Number.isInteger(value) ? value : Number(value.toPrecision(15));
    return { ok: true, value: tidy === 0 ? 0 : tidy };
  } catch (error) {
    if (error instanceof ArithmeticError) return { ok: false, error: error.message };
    throw error;
  }
}

const OPERATORS: Record<string, string> = {
  "+": "+",
  "-": "-",
  "−": "-",
  "*": "*",
  "×": "*",
  "/": "/",
  "÷": "/",
  "%": "%",
  "^": "^",
  "(": "(",
  ")": ")",
};

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const ch = source[i] ?? "";
    if (/\s/.test(ch)) {
      i++;
    } else if (/[0-9.]/.test(ch)) {
      const match = /^(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/.exec(source.slice(i));
      if (!match) throw new ArithmeticError(`unexpected "${ch}" at position ${i + 1}`);
      const next = source[i + match[0].length] ?? "";
      if (/[eE.\d]/.test(next)) throw new ArithmeticError(`malformed number at position ${i + 1}`);
      const value = Number(match[0]);
      if (!Number.isFinite(value))
        throw new ArithmeticError(`the number at position ${i + 1} is too large`);
      tokens.push({ kind: "number", value, at: i + 1 });
      i += match[0].length;
    } else if (source.startsWith("**", i)) {
      tokens.push({ kind: "op", op: "^", at: i + 1 });
      i += 2;
    } else {
      const op = OPERATORS[ch];
      if (!op) throw new ArithmeticError(`unexpected "${ch}" at position ${i + 1}`);
      tokens.push({ kind: "op", op, at: i + 1 });
      i++;
    }
  }
  return tokens;
}

class Parser {
  private index = 0;
  private depth = 0;

  constructor(private readonly tokens: Token[]) {}

  parseAll(): number {
    if (this.tokens.length === 0) throw new ArithmeticError("the expression is empty");
    const value = this.sum();
    const extra = this.tokens[this.index];
    if (extra)
      throw new ArithmeticError(`unexpected ${describeToken(extra)} at position ${extra.at}`);
    return value;
  }

  private sum(): number {
    let value = this.product();
    for (let op = this.peekOp(); op === "+" || op === "-"; op = this.peekOp()) {
      this.index++;
      const right = this.product();
      value = checked(op === "+" ? value + right : value - right);
    }
    return value;
  }

  private product(): number {
    let value = this.unary();
    for (let op = this.peekOp(); op === "*" || op === "/" || op === "%"; op = this.peekOp()) {
      this.index++;
      const right = this.unary();
      if ((op === "/" || op === "%") && right === 0) throw new ArithmeticError("division by zero");
      value = checked(op === "*" ? value * right : op === "/" ? value / right : value % right);
    }
    return value;
  }

  private unary(): number {
    const op = this.peekOp();
    if (op === "-" || op === "+") {
      this.index++;
      const value = this.nested(() => this.unary());
      return op === "-" ? -value : value;
    }
    return this.power();
  }

  private power(): number {
    const base = this.primary();
    if (this.peekOp() !== "^") return base;
    this.index++;
    const exponent = this.nested(() => this.unary());
    if (base === 0 && exponent < 0) throw new ArithmeticError("division by zero");
    return checked(base ** exponent);
  }

  private primary(): number {
    const token = this.tokens[this.index];
    if (!token) throw new ArithmeticError("the expression ends too early; a number is missing");
    this.index++;
    if (token.kind === "number") return token.value;
    if (token.op === "(") {
      const value = this.nested(() => this.sum());
      const close = this.tokens[this.index];
      if (close?.kind !== "op" || close.op !== ")")
        throw new ArithmeticError(`missing ")" for the "(" at position ${token.at}`);
      this.index++;
      return value;
    }
    throw new ArithmeticError(`unexpected ${describeToken(token)} at position ${token.at}`);
  }

  private nested(read: () => number): number {
    if (++this.depth > MAX_EXPRESSION_DEPTH)
      throw new ArithmeticError(
        `the expression is nested more than ${MAX_EXPRESSION_DEPTH} levels deep`,
      );
    try {
      return read();
    } finally {
      this.depth--;
    }
  }

  private peekOp(): string | undefined {
    const token = this.tokens[this.index];
    return token?.kind === "op" ? token.op : undefined;
  }
}

function checked(value: number): number {
  if (Number.isNaN(value))
    throw new ArithmeticError(
      "the result is not a real number (a fractional power of a negative number?)",
    );
  if (!Number.isFinite(value)) throw new ArithmeticError("the result is too large to represent");
  return value;
}

function describeToken(token: Token): string {
  return token.kind === "number" ? `number ${token.value}` : `"${token.op}"`;
}
