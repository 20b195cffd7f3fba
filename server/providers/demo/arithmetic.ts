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
