import { describe, expect, it } from "vitest";
import { evaluateArithmetic, MAX_EXPRESSION_DEPTH, MAX_EXPRESSION_LENGTH } from "./arithmetic.ts";

describe("evaluateArithmetic", () => {
  it.each([
    ["2+3", 5],
    ["5*4", 20],
    ["20 + 10", 30],
    ["(1.5+2)^2 / 3", 4.08333333333333],
    ["-4 % 3", -1],
    ["7 % -3", 1],
    ["2^3^2", 512],
    ["-2^2", -4],
    ["(-2)^2", 4],
    ["2^-1", 0.5],
    ["--3", 3],
    ["+3 - -3", 6],
    ["1 - 2 - 3", -4],
    ["100 / 10 / 5", 2],
    ["2 + 3 * 4", 14],
    ["(2 + 3) * 4", 20],
    [".5 + 1.", 1.5],
    ["1.5e3", 1500],
    ["2E-3 * 1000", 2],
    ["1e+2", 100],
    ["0.1 + 0.2", 0.3],
    ["3 × 4 ÷ 2", 6],
    ["2 ** 10", 1024],
    ["9007199254740993", 9007199254740992],
    ["-0", 0],
    ["  42  ", 42],
  ])("%s = %d", (expression, value) => {
    expect(evaluateArithmetic(expression)).toEqual({ ok: true, value });
  });

  it.each([
    ["", "the expression is empty"],
    ["   ", "the expression is empty"],
    ["1/0", "division by zero"],
    ["5 % 0", "division by zero"],
    ["0^-1", "division by zero"],
    ["(-8)^(1/3)", "not a real number"],
    ["10^400", "too large"],
    ["1e999", "the number at position 1 is too large"],
    ["2 +", "the expression ends too early"],
    ["(2 + 3", 'missing ")" for the "(" at position 1'],
    ["2 + 3)", 'unexpected ")" at position 6'],
    ["2 3", "unexpected number 3 at position 3"],
    ["2 + x", 'unexpected "x" at position 5'],
    ["alert(1)", 'unexpected "a" at position 1'],
    ["1..2", "malformed number at position 1"],
    ["1e", "malformed number at position 1"],
    ["1.2.3", "malformed number at position 1"],
    ["*2", 'unexpected "*" at position 1'],
    ["()", 'unexpected ")" at position 2'],
  ])("%j fails: %s", (expression, error) => {
    const result = evaluateArithmetic(expression);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toContain(error);
  });

  it("limits the length of the input", () => {
    const long = `1${"+1".repeat(MAX_EXPRESSION_LENGTH / 2)}`;
    expect(evaluateArithmetic(long)).toEqual({
      ok: false,
      error: `the expression is longer than ${MAX_EXPRESSION_LENGTH} characters`,
    });
    expect(evaluateArithmetic(long.slice(0, MAX_EXPRESSION_LENGTH - 1))).toEqual({
      ok: true,
      value: MAX_EXPRESSION_LENGTH / 2,
    });
  });

  it("limits nesting depth instead of overflowing the stack", () => {
    const depth = (n: number) => `${"(".repeat(n)}1${")".repeat(n)}`;
    expect(evaluateArithmetic(depth(MAX_EXPRESSION_DEPTH))).toEqual({ ok: true, value: 1 });
    expect(evaluateArithmetic(depth(MAX_EXPRESSION_DEPTH + 1))).toEqual({
      ok: false,
      error: `the expression is nested more than ${MAX_EXPRESSION_DEPTH} levels deep`,
    });
    expect(evaluateArithmetic(`${"-".repeat(400)}1`).ok).toBe(false);
    expect(evaluateArithmetic(`2${"^2".repeat(400)}`).ok).toBe(false);
  });
});
